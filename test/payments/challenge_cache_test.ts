import assert from "node:assert/strict";
import { CHALLENGE_CACHE_SIZE, keepingUnpaidChallenges } from "../../src/payments/challenge_cache.ts";
import type { Admission, GateAnswer, PaymentGate } from "../../src/payments/payment_gate.ts";
import type { PricedOperation } from "../../src/operation/paid_work.ts";
import { harnessTest, PAID_PATH, workRuns } from "../support/payment_harness.ts";

const CLASSIFY: PricedOperation = { operation: "classifyBrowseNodes", items: 1 };
const URL_A = "http://gpc.test/v1/reference/classify?browse_id=1";
const URL_B = "http://gpc.test/v1/reference/classify?browse_id=2";

/** An admit that answers what `answer` says and records the instance of each request it was asked. */
function counting(answer: (request: Request, calls: number) => Admission) {
  const asked: string[] = [];
  const admit: PaymentGate["admit"] = (request) => {
    asked.push(`${request.method} ${new URL(request.url).search}`);
    return Promise.resolve(answer(request, asked.length));
  };
  return { admit, asked };
}

const challengeOf = (calls: number): Admission => ({
  kind: "respond",
  response: { status: 402, body: `{"n":${calls}}`, headers: [["PAYMENT-REQUIRED", `c${calls}`]] },
});

Deno.test("an unpaid request's 402 is answered again at once, the same object, without asking the gate", async () => {
  const { admit, asked } = counting((_, calls) => challengeOf(calls));
  const kept = keepingUnpaidChallenges(admit);
  const first = await kept(new Request(URL_A), CLASSIFY);
  const second = kept(new Request(URL_A), CLASSIFY);
  assert.equal(second instanceof Promise, false);
  assert.equal(second, first);
  assert.deepEqual((first as { response: GateAnswer }).response, {
    status: 402,
    body: '{"n":1}',
    headers: [["PAYMENT-REQUIRED", "c1"]],
    shared: true,
  });
  assert.deepEqual(asked, ["GET ?browse_id=1"]);
});

Deno.test("the kept 402 is per method, operation, item count and request target", async () => {
  const { admit, asked } = counting((_, calls) => challengeOf(calls));
  const kept = keepingUnpaidChallenges(admit);
  await kept(new Request(URL_A), CLASSIFY);
  await kept(new Request(URL_B), CLASSIFY);
  await kept(new Request(URL_A, { method: "HEAD" }), CLASSIFY);
  await kept(new Request(URL_A), { operation: "classifyBrowseNodes", items: 2 });
  await kept(new Request(URL_A), { operation: "getBrickAttributes", items: 1 });
  await kept(new Request(URL_A), CLASSIFY);
  assert.deepEqual(asked, [
    "GET ?browse_id=1",
    "GET ?browse_id=2",
    "HEAD ?browse_id=1",
    "GET ?browse_id=1",
    "GET ?browse_id=1",
  ]);
});

Deno.test("a request carrying a payment header is always asked of the gate", async () => {
  const { admit, asked } = counting((_, calls) => challengeOf(calls));
  const kept = keepingUnpaidChallenges(admit);
  await kept(new Request(URL_A), CLASSIFY);
  for (const header of ["PAYMENT-SIGNATURE", "X-PAYMENT"]) {
    const answer = await kept(new Request(URL_A, { headers: { [header]: "e30=" } }), CLASSIFY);
    assert.equal(answer.kind, "respond");
  }
  assert.equal(asked.length, 3);
});

Deno.test("only a 402 given as data is kept: a 503 or a built Response is asked again", async () => {
  const answers: Admission[] = [
    { kind: "respond", response: { status: 503, body: "{}", headers: [] } },
    { kind: "respond", response: new Response("{}", { status: 402 }) },
    challengeOf(3),
  ];
  const { admit, asked } = counting((_, calls) => answers[calls - 1]!);
  const kept = keepingUnpaidChallenges(admit);
  for (let i = 0; i < 4; i++) await kept(new Request(URL_A), CLASSIFY);
  assert.equal(asked.length, 3);
});

Deno.test("the kept 402s are bounded: the oldest is asked again once the cache is full", async () => {
  const { admit, asked } = counting((_, calls) => challengeOf(calls));
  const kept = keepingUnpaidChallenges(admit);
  for (let i = 0; i <= CHALLENGE_CACHE_SIZE; i++) {
    await kept(new Request(`http://gpc.test/v1/reference/classify?browse_id=${i}`), CLASSIFY);
  }
  await kept(
    new Request(`http://gpc.test/v1/reference/classify?browse_id=${CHALLENGE_CACHE_SIZE}`),
    CLASSIFY,
  );
  assert.equal(asked.length, CHALLENGE_CACHE_SIZE + 1);
  await kept(new Request("http://gpc.test/v1/reference/classify?browse_id=0"), CLASSIFY);
  assert.equal(asked.length, CHALLENGE_CACHE_SIZE + 2);
});

harnessTest(
  "the handler answers a repeated unpaid request at once with the same 402, only its request id new",
  async (h) => {
    const request = () => new Request(h.url + PAID_PATH);
    const first = await h.handle(request());
    const second = h.handle(request());
    assert.equal(second instanceof Promise, false);
    const shown = async (response: Response) => ({
      status: response.status,
      headers: [...response.headers].filter(([name]) => name !== "x-request-id"),
      body: await response.text(),
    });
    const [a, b] = [await shown(first), await shown(second as Response)];
    assert.equal(a.status, 402);
    assert.deepEqual(b, a);
    assert.deepEqual(a.headers.map(([name]) => name), [
      "cache-control",
      "content-type",
      "payment-required",
      "x-gpc-release",
      "x-map-version",
    ]);
    assert.notEqual(first.headers.get("x-request-id"), (second as Response).headers.get("x-request-id"));
    assert.equal(workRuns(h), 0);
  },
);
