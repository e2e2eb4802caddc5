/**
 * The documentation as a newcomer meets it: README.md stays a short front door, every relative link of it and
 * of docs/*.md leads to a file and heading that exist, and every example request written with its answer
 * (`$ curl -s 'localhost:8080…'` followed by the answer's line in a sh block) is what the embedded default
 * answers, at the catalog examples' instant, with PAYMENTS=off (or on, for a block after the line
 * `<!-- examples: PAYMENTS=on -->`). An answer shortened with `…` matches when its
 * pieces appear in order; the catalog examples' own shortening (docs/catalog.md) is recognised as well.
 */
import assert from "node:assert/strict";
import { EMBEDDED_BASE, embeddedService } from "./support/embedded_service.ts";
import { README_EXAMPLES_AT, shorten } from "./support/readme_examples.ts";

const DOCUMENTS = ["README.md", ...[...Deno.readDirSync("docs")].map((e) => `docs/${e.name}`).sort()];
const CUT = "\u2026";

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.*)$/.exec(line);
    if (heading === null) continue;
    const base = heading[1]!.trim().toLowerCase().replace(/[^\p{L}\p{N}_\- ]/gu, "").replaceAll(" ", "-");
    const n = seen.get(base);
    seen.set(base, (n ?? -1) + 1);
    out.add(n === undefined ? base : `${base}-${n + 1}`);
  }
  return out;
}

Deno.test("README.md is a front door of at most 25,000 bytes that links every document of docs/", () => {
  const readme = Deno.readTextFileSync("README.md");
  assert.ok(new TextEncoder().encode(readme).length <= 25_000, `${readme.length} bytes`);
  for (const document of DOCUMENTS.slice(1)) assert.ok(readme.includes(`](${document}`), document);
});

Deno.test("every relative link of the documentation leads to a file, and to a heading of it when it names one", () => {
  const broken: string[] = [];
  for (const document of DOCUMENTS) {
    const text = Deno.readTextFileSync(document);
    const folder = document.includes("/") ? document.slice(0, document.lastIndexOf("/") + 1) : "";
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path, anchor] = target!.split("#") as [string, string | undefined];
      const file = path === "" ? document : new URL(path, `file:///r/${folder}`).pathname.slice(3);
      let exists = true;
      try {
        Deno.statSync(file);
      } catch {
        exists = false;
      }
      if (!exists) broken.push(`${document}: ${target} (no ${file})`);
      else if (anchor !== undefined && !anchors(Deno.readTextFileSync(file)).has(anchor)) {
        broken.push(`${document}: ${target} (no heading #${anchor} in ${file})`);
      }
    }
  }
  assert.deepEqual(broken, []);
});

/** A documented request with its answer line. */
interface Example {
  readonly document: string;
  readonly target: string;
  readonly headers: [string, string][];
  readonly shown: string;
  /** Whether the block is marked `<!-- examples: PAYMENTS=on -->` (else the examples are of PAYMENTS=off). */
  readonly paid: boolean;
}

/** Every documented request with its answer line, in document order. */
function examples(): Example[] {
  const out: Example[] = [];
  for (const document of DOCUMENTS) {
    const lines = Deno.readTextFileSync(document).split("\n");
    let fenced = false;
    let paid = false;
    for (const [at, line] of lines.entries()) {
      if (line === "<!-- examples: PAYMENTS=on -->") paid = true;
      if (line.startsWith("```")) {
        fenced = !fenced;
        // The marker holds for the next block only.
        if (!fenced) paid = false;
      }
      const command = fenced ? /^\$ curl -s((?: -H '[^']+')*) 'localhost:8080([^']+)'$/.exec(line) : null;
      const shown = lines[at + 1];
      if (
        command === null || shown === undefined || shown === "" || shown.startsWith("$") ||
        shown.startsWith("```")
      ) {
        continue;
      }
      const headers = [...command[1]!.matchAll(/-H '([^:]+): ([^']*)'/g)].map((h) =>
        [h[1]!, h[2]!] as [string, string]
      );
      out.push({ document, target: command[2]!, headers, shown, paid });
    }
  }
  return out;
}

/** Whether `shown` is `actual`, or `actual` shortened with `…` (its pieces, in order). */
function matches(shown: string, actual: string): boolean {
  if (shown === actual) return true;
  const pieces = shown.split(CUT);
  if (pieces.length === 1) return false;
  if (!actual.startsWith(pieces[0]!)) return false;
  let at = pieces[0]!.length;
  for (const piece of pieces.slice(1)) {
    const found = actual.indexOf(piece, at);
    if (found < 0) return false;
    at = found + piece.length;
  }
  return pieces.at(-1) === "" || actual.endsWith(pieces.at(-1)!);
}

Deno.test("every documented request answers as its document shows (embedded default, PAYMENTS=off)", async () => {
  const free = await embeddedService("off", { now: () => README_EXAMPLES_AT });
  const paid = await embeddedService("on", { now: () => README_EXAMPLES_AT });
  try {
    const all = examples();
    assert.ok(all.length >= 20, `${all.length} examples`);
    const wrong: string[] = [];
    for (const example of all) {
      const { document, target, headers, shown } = example;
      const service = example.paid ? paid : free;
      const response = await service.handle(new Request(`${EMBEDDED_BASE}${target}`, { headers }));
      const text = await response.text();
      let short = text;
      try {
        short = shorten(JSON.parse(text));
      } catch {
        // not JSON: compared as text
      }
      if (!matches(shown, text) && !matches(shown, short)) {
        wrong.push(
          `${document}: ${target}\n  shown:  ${shown.slice(0, 300)}\n  answer: ${text.slice(0, 300)}`,
        );
      }
    }
    assert.deepEqual(wrong, []);
  } finally {
    await free.close();
    await paid.close();
  }
});
