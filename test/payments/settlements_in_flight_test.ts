import assert from "node:assert/strict";
import { SettlementsInFlight } from "../../src/payments/settlements_in_flight.ts";

Deno.test("settlements: held until done, counted once when they end, none begun after finish, finish waits for the held and says how many", async () => {
  const settlements = new SettlementsInFlight();
  const first = settlements.begin()!;
  const second = settlements.begin()!;
  assert.deepEqual([settlements.held, settlements.ended()], [2, 0]);
  first.done();
  first.done();
  assert.deepEqual([settlements.held, settlements.ended()], [1, 1]);
  let closed = false;
  const closing = settlements.finish().then((held) => {
    closed = true;
    return held;
  });
  assert.equal(settlements.begin(), undefined);
  await Promise.resolve();
  assert.equal(closed, false);
  second.done();
  assert.equal(await closing, 1);
  assert.deepEqual([settlements.held, settlements.ended(), closed], [0, 2, true]);
  assert.equal(await settlements.finish(), 0);
});
