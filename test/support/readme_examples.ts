/**
 * The catalog examples of docs/catalog.md ("### Examples (answers from the embedded default, `PAYMENTS=off`)"),
 * rendered from the embedded default as served at a fixed instant, shortened as the README says: `meta` keeps
 * `country`, `generated` and `freshness_seconds`, `method` is left out, every list is cut to two elements
 * (`…`), and an answer longer than EXAMPLE_WIDTH characters is cut there (`…`).
 *
 *   deno run -A test/support/readme_examples.ts     rewrites the block in docs/catalog.md
 *
 * test/catalog/readme_examples_test.ts checks that docs/catalog.md holds exactly this rendering.
 */
import { EMBEDDED_BASE, embeddedService } from "./embedded_service.ts";

/** The requests of the examples, one per operation and country, in README order. */
export const README_EXAMPLE_QUERIES: readonly string[] = [
  "/v1/shopper/best-price?country=ca&q=kraft%20singles&limit=2",
  "/v1/shopper/best-price?country=us&q=olive%20oil&limit=2",
  "/v1/shopper/deal-finder?country=ca&category=dairy%20%26%20eggs&limit=2",
  "/v1/shopper/deal-finder?country=us&category=pasta&limit=2",
  "/v1/shopper/price-drop-alert?country=ca&q=coffee&direction=any&limit=2",
  "/v1/shopper/price-drop-alert?country=us&q=apples&direction=any&limit=2",
  "/v1/marketing/competitive-landscape?country=ca&category=bread",
  "/v1/marketing/competitive-landscape?country=us&category=cooking%20oil",
  "/v1/marketing/brand-tracker?country=ca&brand=PC",
  "/v1/marketing/brand-tracker?country=us&brand=nullbrook",
  "/v1/marketing/share-of-shelf?country=ca&category=pasta",
  "/v1/marketing/share-of-shelf?country=us&category=bread",
  "/v1/analyst/inflation?country=ca&category=dairy%20%26%20eggs",
  "/v1/analyst/inflation?country=us&category=apples",
  "/v1/analyst/price-dispersion?country=ca&category=coffee",
  "/v1/analyst/price-dispersion?country=us&category=rice",
  "/v1/public/retailers?country=ca",
];

/** The instant the examples are answered at (their freshness is measured to it). */
export const README_EXAMPLES_AT = Date.UTC(2026, 10, 26);
/** Characters an example answer is cut to. */
export const EXAMPLE_WIDTH = 1400;

/** The document holding the examples. */
export const EXAMPLES_DOCUMENT = "docs/catalog.md";
const HEADING = "### Examples (answers from the embedded default, `PAYMENTS=off`)";
const CUT = "\u2026";
const META_KEPT = ["country", "generated", "freshness_seconds"];

/** The ```sh block of the examples, rendered from the embedded default. */
export async function renderReadmeExamples(): Promise<string> {
  const service = await embeddedService("off", { now: () => README_EXAMPLES_AT });
  const parts: string[] = [];
  try {
    for (const target of README_EXAMPLE_QUERIES) {
      const response = await service.handle(new Request(`${EMBEDDED_BASE}${target}`));
      if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
      parts.push(`$ curl -s 'localhost:8080${target}'\n${shorten(await response.json())}`);
    }
  } finally {
    await service.close();
  }
  return `\`\`\`sh\n${parts.join("\n\n")}\n\`\`\``;
}

/** An answer as the README shows it (see the module comment). */
export function shorten(answer: unknown): string {
  const text = JSON.stringify(cut(answer, true))
    .replaceAll(`"${CUT}":"${CUT}"`, `${CUT}:${CUT}`)
    .replaceAll(`"${CUT}"`, CUT);
  return text.length > EXAMPLE_WIDTH ? `${text.slice(0, EXAMPLE_WIDTH)}${CUT}` : text;
}

/** Where the examples block sits in `readme`: the first ```sh block after the heading. */
export function examplesBlock(readme: string): { start: number; end: number } {
  const heading = readme.indexOf(HEADING);
  if (heading < 0) throw new Error(`${EXAMPLES_DOCUMENT} has no "${HEADING}"`);
  const start = readme.indexOf("```sh\n", heading);
  const end = readme.indexOf("\n```", start + 6) + 4;
  return { start, end };
}

function cut(value: unknown, top = false): unknown {
  if (Array.isArray(value)) {
    const kept = value.slice(0, 2).map((v) => cut(v));
    return value.length > 2 ? [...kept, CUT] : kept;
  }
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (top && key === "method") continue;
    if (top && key === "meta") {
      const meta = member as Record<string, unknown>;
      out.meta = { ...Object.fromEntries(META_KEPT.map((k) => [k, meta[k]])), [CUT]: CUT };
      continue;
    }
    out[key] = cut(member);
  }
  return out;
}

if (import.meta.main) {
  const readme = await Deno.readTextFile(EXAMPLES_DOCUMENT);
  const { start, end } = examplesBlock(readme);
  await Deno.writeTextFile(
    EXAMPLES_DOCUMENT,
    readme.slice(0, start) + await renderReadmeExamples() + readme.slice(end),
  );
  console.log(`${EXAMPLES_DOCUMENT}: catalog examples rewritten`);
}
