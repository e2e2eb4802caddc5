/**
 * GET /docs in a real browser: headless Chromium (Debian's package) loads the page from a real server on
 * 127.0.0.1 and renders every operation of /openapi.json, fetching nothing from any other origin and
 * breaking no rule of the page's Content-Security-Policy. Without Chromium the test fails under CI=true and
 * is skipped (saying so) elsewhere.
 */
import assert from "node:assert/strict";
import { serveFakeStore } from "../support/fake_server.ts";
import { CHROMIUM, chromiumInstalled, launchHeadlessPage } from "../support/headless_chromium.ts";

/** The whole test's bound: starting the browser, loading and rendering the page. */
const TIMEOUT_MS = 30_000;

const installed = await chromiumInstalled();
const required = Deno.env.get("CI") === "true";
if (!installed && !required) {
  console.warn(
    `SKIPPED: the /docs browser test needs Chromium at ${CHROMIUM} (apt-get install chromium); with CI=true ` +
      "it fails instead.",
  );
}

/** What the page shows of each operation: its path and operationId. */
const RENDERED = `JSON.stringify([...document.querySelectorAll(".opblock-summary")].map((summary) => [
  summary.querySelector(".opblock-summary-path")?.getAttribute("data-path"),
  summary.querySelector(".opblock-summary-operation-id")?.textContent,
]))`;

Deno.test({
  name:
    "the /docs page renders every operation of /openapi.json in headless Chromium, from its own origin only",
  ignore: !installed && !required,
  fn: async () => {
    assert.ok(installed, `Chromium is not installed at ${CHROMIUM}: apt-get install chromium`);
    const server = serveFakeStore({ RATE_LIMIT: "120/min" });
    const origin = `http://127.0.0.1:${server.port}`;
    const deadline = Date.now() + TIMEOUT_MS;
    const page = await launchHeadlessPage(TIMEOUT_MS);
    try {
      const document = await (await fetch(`${origin}/openapi.json`)).json();
      // Each path has one method: GET, or POST for the MCP endpoint.
      const operations = Object.entries(
        document.paths as Record<string, Record<string, { operationId: string }>>,
      )
        .map(([path, item]) => [path, Object.values(item)[0]!.operationId]).sort();
      assert.ok(operations.length >= 6);
      await page.open(`${origin}/docs`);
      let rendered: string[][] = [];
      while (rendered.length < operations.length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        rendered = JSON.parse(await page.evaluate<string>(RENDERED) ?? "[]");
      }
      assert.deepEqual(rendered.sort(), operations);
      assert.ok(page.record.requests.length >= 5, page.record.requests.join("\n"));
      // Inline images of the style sheet (data: URLs) are no fetch; anything else must be the service's.
      const fetched = page.record.requests.filter((url) => !url.startsWith("data:"));
      assert.deepEqual(fetched.filter((url) => !url.startsWith(`${origin}/`)), []);
      assert.ok(page.record.requests.includes(`${origin}/openapi.json`));
      assert.deepEqual(page.record.messages, []);
    } finally {
      await page.close();
      await server.stop();
      await server.finished;
    }
  },
});
