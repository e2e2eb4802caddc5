/**
 * A batch of gpc codes is read in place from its query text (brick_attributes.ts, `ListedCodes`): over the
 * real embedded default, each result of a batch is the one its code answers alone, in the batch's order,
 * whether the code is a known brick, an unknown code or one that starts with a zero, asked for the first time
 * or again.
 */
import assert from "node:assert/strict";
import { seededRandom } from "../../build/catalog/seeded_random.ts";
import { EMBEDDED_BASE as BASE, embeddedService } from "../support/embedded_service.ts";
import { embeddedShard } from "../support/embedded_shards.ts";

const service = await embeddedService("off");
globalThis.addEventListener("unload", () => service.close());
const PATH = "/v1/reference/brick-attributes";
const release = service.store.versions.gpc_release;
const codes = await embeddedShard(`${release}.codes`);
const bricks = [...codes].filter(([, record]) => (record as { kind: string }).kind === "brick").map((
  [code],
) => code);
const notBricks = [...codes].filter(([, record]) => (record as { kind: string }).kind !== "brick");

async function brickAttributes(
  list: readonly string[],
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await service.handle(new Request(`${BASE}${PATH}?gpc_code=${list.join(",")}`));
  return { status: response.status, body: await response.json() };
}

/** Whether `code` is a brick whose attribute schema the release knows (published or carried). */
function knownSchema(code: string): boolean {
  const record = codes.get(code) as { kind: string; attribute_schema?: string } | undefined;
  return record?.kind === "brick" && record.attribute_schema !== "unknown";
}

/** A brick whose schema the release knows, so that a batch holding it answers 200 whatever else it holds. */
const ANCHOR = bricks.find(knownSchema)!;

/** What `code` answers in a batch of two, beside ANCHOR. */
async function aloneResult(code: string): Promise<unknown> {
  const { status, body } = await brickAttributes([code, ANCHOR]);
  assert.equal(status, 200, code);
  return (body.results as unknown[])[0];
}

Deno.test("the embedded release has thousands of bricks and other codes, none starting with a zero", () => {
  assert.ok(bricks.length > 5000, `${bricks.length} bricks`);
  assert.deepEqual(
    [...new Set(notBricks.map(([, record]) => (record as { kind: string }).kind))].sort(),
    ["class", "family", "segment"],
  );
  assert.ok([...codes.keys()].every((code) => /^[1-9][0-9]{7}$/.test(code)));
  const known = bricks.filter(knownSchema).length;
  assert.ok(known > 0 && known < bricks.length, `${known} of ${bricks.length} bricks with a known schema`);
});

Deno.test("each result of a batch of codes is its code's own result, asked first or again", async () => {
  const next = seededRandom(20_261_128);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  // Unknown codes, two of them with a leading zero (kept under the code's text, not its number).
  const unknown = ["00000000", "01000155", "98765432"];
  assert.ok(unknown.every((code) => !codes.has(code)));
  const alone = new Map<string, unknown>();
  let compared = 0;
  for (let round = 0; round < 40; round++) {
    const count = Math.floor(next() * 100);
    const list = Array.from({ length: count }, () => next() < 0.9 ? pick(bricks) : pick(unknown));
    // Most of the release's bricks have no schema it knows: the anchor, anywhere, keeps the batch a 200.
    list.splice(Math.floor(next() * (count + 1)), 0, ANCHOR);
    // Every fourth batch is asked twice: the second time its codes' entries and results are kept.
    for (let ask = 0; ask < (round % 4 === 0 ? 2 : 1); ask++) {
      const { status, body } = await brickAttributes(list);
      assert.equal(status, 200, list.join(","));
      for (const code of list) if (!alone.has(code)) alone.set(code, await aloneResult(code));
      assert.deepEqual(body.results, list.map((code) => alone.get(code)), list.join(","));
      compared++;
    }
  }
  assert.equal(compared, 50);
});

Deno.test("a batch naming codes that are not bricks answers 400 naming each, in order", async () => {
  const next = seededRandom(7);
  const list = Array.from({ length: 100 }, () => bricks[Math.floor(next() * bricks.length)]!);
  const placed = [[3, notBricks[0]!], [50, notBricks[notBricks.length - 1]!], [99, notBricks[1]!]] as const;
  for (const [at, [code]] of placed) list[at] = code;
  const { status, body } = await brickAttributes(list);
  assert.equal(status, 400);
  const issues = (body.error as { details: { issues: { value: string }[] } }).details.issues;
  assert.deepEqual(issues.map((issue) => issue.value), placed.map(([, [code]]) => code));
});

Deno.test("a batch of unknown codes answers 404 naming every code, a leading zero kept", async () => {
  const list = ["00000000", "98765432", "01000155", "00000000"];
  const { status, body } = await brickAttributes(list);
  assert.equal(status, 404);
  const message = `none of the 4 gpc_code values is a brick of GPC release ${release}`;
  assert.equal(body.detail, message);
  assert.deepEqual(body.error, {
    code: "NO_RESULTS",
    message,
    details: { parameter: "gpc_code", unknown: list },
  });
});
