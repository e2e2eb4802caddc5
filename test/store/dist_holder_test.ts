import assert from "node:assert/strict";
import { DistHolder } from "../../src/store/dist_holder.ts";
import type { OpenedStore } from "../../src/store/store.ts";

/** A dist that only counts its closes (the holder asks nothing else of it). */
function fakeDist(name: string): OpenedStore & { closes: number } {
  const dist = { directory: name, closes: 0, close: () => dist.closes++ };
  return dist as unknown as OpenedStore & { closes: number };
}

Deno.test("a swapped-out dist stays open while a request holds it and closes when the last one gives it back", () => {
  const old = fakeDist("old");
  const next = fakeDist("next");
  const closed: string[] = [];
  const holder = new DistHolder(old, "old handler", (dist) => closed.push(dist.directory));
  const first = holder.acquire();
  const second = holder.acquire();
  assert.equal(holder.swap(next, "next handler"), old);
  assert.deepEqual([old.closes, closed], [0, []]);
  const third = holder.acquire();
  assert.deepEqual([first.value, third.value], ["old handler", "next handler"]);
  holder.release(first);
  assert.equal(old.closes, 0);
  holder.release(second);
  assert.deepEqual([old.closes, closed], [1, ["old"]]);
  holder.release(third);
  assert.equal(next.closes, 0, "the current dist stays open with no request");
});

Deno.test("a swapped-out dist no request holds closes at once, and only once", () => {
  const old = fakeDist("old");
  const holder = new DistHolder(old, 1);
  holder.release(holder.acquire());
  holder.swap(fakeDist("next"), 2);
  assert.equal(old.closes, 1);
  holder.close();
  assert.equal(old.closes, 1);
});

Deno.test("closing the holder at shutdown closes the current dist without reporting it as replaced", () => {
  const current = fakeDist("current");
  const closed: string[] = [];
  const holder = new DistHolder(current, 1, (dist) => closed.push(dist.directory));
  holder.close();
  assert.deepEqual([current.closes, closed], [1, []]);
});
