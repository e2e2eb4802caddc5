/**
 * A payment whose `accepted` is not what the request asks for names the member that differs, also when only
 * its letter case differs (the matcher compares exactly): never a blanket "extra".
 */
import assert from "node:assert/strict";
import type { PaymentRequirements } from "npm:@x402/core@2.27.0/types";
import { mismatch } from "../../src/payments/payment_credential.ts";
import { harnessTest } from "../support/payment_harness.ts";
import { paymentHeader, presentPayment, signedPayment } from "../support/payment_client.ts";

const OFFERED: PaymentRequirements = {
  scheme: "exact",
  network: "eip155:84532",
  amount: "1000",
  asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
  payTo: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
  maxTimeoutSeconds: 300,
  extra: { name: "USDC", version: "2" },
};

const CASES: [string, Partial<PaymentRequirements>, string[], string[]][] = [
  ['scheme "EXACT"', { scheme: "EXACT" }, ["scheme"], ["scheme"]],
  ["a lower-case asset", { asset: OFFERED.asset.toLowerCase() }, ["asset"], ["asset"]],
  ["a lower-case payTo", { payTo: OFFERED.payTo.toLowerCase() }, ["payTo"], ["payTo"]],
  ["an upper-case network", { network: "EIP155:84532" }, ["network"], ["network"]],
  ['extra.name "usdc"', { extra: { name: "usdc", version: "2" } }, ["extra.name"], ["extra.name"]],
  ["another payTo", { payTo: "0x1111111111111111111111111111111111111111" }, ["payTo"], []],
  ["another maxTimeoutSeconds", { maxTimeoutSeconds: 60 }, ["maxTimeoutSeconds"], []],
  ["no extra at all", { extra: undefined as unknown as Record<string, unknown> }, [
    "extra.name",
    "extra.version",
  ], []],
  [
    "a lower-case asset and another payTo",
    {
      asset: OFFERED.asset.toLowerCase(),
      payTo: "0x1111111111111111111111111111111111111111",
    },
    ["asset", "payTo"],
    ["asset"],
  ],
];

for (const [name, change, mismatched, caseOnly] of CASES) {
  Deno.test(`an accepted with ${name} is refused naming ${mismatched.join(" and ")}`, () => {
    const problem = mismatch({ ...OFFERED, ...change }, OFFERED);
    assert.equal(problem.name, "verification-failed");
    assert.deepEqual(problem.details, {
      mismatched,
      ...(caseOnly.length > 0 ? { differs_in_case_only: caseOnly } : {}),
    });
    const named = mismatched.map((field) => caseOnly.includes(field) ? `${field} (letter case only)` : field);
    assert.equal(
      problem.message,
      `The payment does not match this request's requirements (${named.join(", ")} differ${
        named.length === 1 ? "s" : ""
      })`,
    );
  });
}

Deno.test("an accepted offering less than the price is payment-insufficient", () => {
  const problem = mismatch({ ...OFFERED, amount: "999" }, OFFERED);
  assert.equal(problem.name, "payment-insufficient");
  assert.equal(problem.message, "The payment offers 999 atomic units; this request costs 1000");
  assert.deepEqual(problem.details, { mismatched: ["amount"] });
});

harnessTest(
  "a real payment whose accepted.payTo is lower-cased is a free 402 naming payTo, and nothing is verified",
  async (h, payer, url) => {
    const signed = await signedPayment(payer, url);
    const lowered = {
      ...signed,
      accepted: { ...signed.accepted, payTo: signed.accepted.payTo.toLowerCase() },
    };
    const answer = await presentPayment(url, paymentHeader(lowered));
    assert.equal(answer.status, 402);
    assert.equal(answer.body.type, "https://paymentauth.org/problems/verification-failed");
    const error = answer.body.error as { details: Record<string, unknown> };
    assert.deepEqual(error.details.mismatched, ["payTo"]);
    assert.deepEqual(error.details.differs_in_case_only, ["payTo"]);
    assert.equal(h.proxy.sent.get("/verify"), undefined);
  },
);
