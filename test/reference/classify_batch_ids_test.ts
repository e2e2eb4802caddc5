/**
 * A batch of browse ids is read in place from its query text (classify.ts, `scannedIds`) when it is 2 to 100
 * ids of 1 to 15 digits without a leading zero, and split into strings otherwise: over the real embedded
 * default, each result of a batch, either way, is the one its id answers alone, in the batch's order.
 */
import assert from "node:assert/strict";
import { seededRandom } from "../../build/catalog/seeded_random.ts";
import { EMBEDDED_BASE as BASE, embeddedService } from "../support/embedded_service.ts";
import { embeddedShard } from "../support/embedded_shards.ts";
import { MISS } from "../support/fake_store.ts";
import { scannedIds } from "../../src/reference/classify.ts";

const service = await embeddedService("off");
globalThis.addEventListener("unload", () => service.close());
const PATH = "/v1/reference/classify";
// The default release's browse tree (its shard is named after the release).
const known = [...(await embeddedShard(`${service.store.versions.gpc_release}.browse`)).keys()];

async function classify(ids: readonly string[]): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await service.handle(new Request(`${BASE}${PATH}?browse_id=${ids.join(",")}`));
  return { status: response.status, body: await response.json() };
}

/** What `id` answers alone: its result, or the miss result when it answers 404. */
async function aloneResult(id: string): Promise<unknown> {
  const { status, body } = await classify([id]);
  if (status === 404) return { browse_id: id, ...MISS };
  assert.equal(status, 200, id);
  return (body.results as unknown[])[0];
}

Deno.test("the embedded browse tree has ids of up to 9 digits and of 10 to 15, each read as a number", () => {
  assert.ok(known.some((id) => id.length <= 9) && known.some((id) => id.length > 9 && id.length <= 15));
  assert.ok(known.every((id) => /^[1-9][0-9]{0,14}$/.test(id)));
});

Deno.test("each result of a batch of ids is what its id answers alone, read in place or split", async () => {
  const next = seededRandom(20_261_127);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  // Unknown ids read in place (0, 15 digits) and ids that send the batch the general way (a leading zero,
  // 16 and 20 digits).
  const unknownScanned = ["0", "999", "999999999", "999999999999999"];
  const general = ["0999", "1234567890123456", "12345678901234567890"];
  const alone = new Map<string, unknown>();
  for (let round = 0; round < 60; round++) {
    const count = 2 + Math.floor(next() * 99);
    const ids = Array.from({ length: count }, () => {
      const draw = next();
      return draw < 0.8 ? pick(known) : draw < 0.95 || round % 3 !== 0 ? pick(unknownScanned) : pick(general);
    });
    // Once in a while the first ids are all unknown: the first known one is found past them.
    if (round % 5 === 0) ids.splice(0, 3, "999", "0", "999999999999999");
    for (const id of ids) if (!alone.has(id)) alone.set(id, await aloneResult(id));
    const { status, body } = await classify(ids);
    assert.equal(status, 200, ids.join(","));
    assert.deepEqual(body.results, ids.map((id) => alone.get(id)), ids.join(","));
  }
});

Deno.test("a batch of unknown ids answers 404 naming every id, read in place or not", async () => {
  for (const ids of [["999", "0", "999999999999999"], ["999", "0999"]]) {
    const { status, body } = await classify(ids);
    assert.equal(status, 404);
    const message = `none of the ${ids.length} browse_id values is a node of the browse tree`;
    assert.equal(body.detail, message);
    assert.deepEqual(body.error, {
      code: "NO_RESULTS",
      message,
      details: { parameter: "browse_id", unknown: ids },
    });
  }
});

Deno.test("a batch with a character outside ASCII goes the general way: 400 naming the element", async () => {
  const cases: [string, string][] = [["1%C3%A91", "1é1"], ["%EF%BC%91", "\uff11"]];
  for (const [id, shown] of cases) {
    const { status, body } = await classify([known[0]!, id]);
    assert.equal(status, 400);
    const rule = "expected 1 to 20 ASCII digits";
    assert.equal(
      body.detail,
      `browse_id element 2 "${shown}" holds a character other than an ASCII digit: ${rule}`,
    );
  }
});

Deno.test("each id of a batch read in place has its own number and place, at every length from 1 to 15", () => {
  const next = seededRandom(20_261_128);
  // An id of `length` digits without a leading zero; one in four is all nines or a one and zeros (the
  // largest and smallest of its length).
  const idOf = (length: number): string => {
    const draw = next();
    if (draw < 0.125) return "9".repeat(length);
    if (draw < 0.25) return "1".padEnd(length, "0");
    let id = String(1 + Math.floor(next() * 9));
    while (id.length < length) id += String(Math.floor(next() * 10));
    return id;
  };
  for (let round = 0; round < 200; round++) {
    const ids = Array.from({ length: 2 + Math.floor(next() * 99) }, () => idOf(1 + Math.floor(next() * 15)));
    const text = ids.join(",");
    const scanned = scannedIds(text);
    assert.ok(scanned !== undefined, text);
    assert.equal(scanned.count, ids.length);
    assert.deepEqual(scanned.values, ids.map(Number), text);
    assert.deepEqual(ids.map((_, i) => scanned.id(i)), ids, text);
  }
  // Ids that differ only in where a nine-digit part ends are different numbers.
  const near = ["1000000000", "100000000", "1000000001", "999999999", "1999999999", "100000000000009"];
  assert.deepEqual(scannedIds(near.join(","))?.values, [
    1e9,
    1e8,
    1e9 + 1,
    999_999_999,
    1_999_999_999,
    1e14 + 9,
  ]);
  // What the scan leaves to the general way: one id, a leading zero, 16 digits, a character that is no digit.
  for (const text of ["123", "1,0123", "1,1234567890123456", "1,12a", "1,,2", "1,"]) {
    assert.equal(scannedIds(text), undefined, text);
  }
});
