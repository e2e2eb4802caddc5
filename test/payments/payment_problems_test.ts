import assert from "node:assert/strict";
import {
  gateProblemResponse,
  PAYMENT_ERROR_CODES,
  PAYMENT_PROBLEM_TYPES,
  type PaymentProblemName,
  paymentProblemResponse,
  problemOfReason,
} from "../../src/payments/payment_problems.ts";

const CONTEXT = {
  instance: "/v1/reference/classify?browse_id=16318751",
  price: "GET /v1/reference/classify costs 0.001 USDC per call",
  challenge: "eyJ4NDAyVmVyc2lvbiI6Mn0=",
  priceDetails: { price: "0.001", currency: "USDC" },
};

Deno.test("a payment-required problem states the price and carries the challenge, not x402 v1 members", async () => {
  const response = paymentProblemResponse(
    { name: "payment-required", message: "This operation requires payment", details: {} },
    CONTEXT,
  );
  assert.equal(response.status, 402);
  assert.deepEqual([...response.headers], [
    ["cache-control", "no-store"],
    ["content-type", "application/problem+json"],
    ["payment-required", "eyJ4NDAyVmVyc2lvbiI6Mn0="],
  ]);
  assert.deepEqual(await response.json(), {
    type: "https://paymentauth.org/problems/payment-required",
    title: "Payment Required",
    status: 402,
    detail: "GET /v1/reference/classify costs 0.001 USDC per call",
    instance: "/v1/reference/classify?browse_id=16318751",
    error: {
      code: "PAYMENT_REQUIRED",
      message: "This operation requires payment",
      details: { price: "0.001", currency: "USDC" },
    },
  });
});

Deno.test("a failure problem says what went wrong before the price and merges its details", async () => {
  const response = paymentProblemResponse(
    {
      name: "verification-failed",
      message: "The payment did not verify",
      details: { reason: "invalid_exact_evm_signature" },
    },
    CONTEXT,
  );
  const body = await response.json();
  assert.equal(body.type, "https://paymentauth.org/problems/verification-failed");
  assert.equal(
    body.detail,
    "The payment did not verify. GET /v1/reference/classify costs 0.001 USDC per call",
  );
  assert.deepEqual(body.error, {
    code: "PAYMENT_VERIFICATION_FAILED",
    message: "The payment did not verify",
    details: { price: "0.001", currency: "USDC", reason: "invalid_exact_evm_signature" },
  });
  assert.equal(response.headers.get("PAYMENT-REQUIRED"), CONTEXT.challenge);
});

Deno.test("every 402 problem has its own error code, and a credential for another resource is an invalid challenge", () => {
  assert.deepEqual(PAYMENT_ERROR_CODES, {
    "payment-required": "PAYMENT_REQUIRED",
    "malformed-credential": "PAYMENT_MALFORMED",
    "verification-failed": "PAYMENT_VERIFICATION_FAILED",
    "payment-expired": "PAYMENT_EXPIRED",
    "invalid-challenge": "PAYMENT_REPLAYED",
    "payment-insufficient": "PAYMENT_INSUFFICIENT",
    "resource-mismatch": "PAYMENT_RESOURCE_MISMATCH",
  });
  const problemTypes = Object.fromEntries(
    Object.entries(PAYMENT_PROBLEM_TYPES).filter(([, type]) => type.startsWith("https://paymentauth.org/")),
  );
  assert.deepEqual(problemTypes, {
    PAYMENT_REQUIRED: "https://paymentauth.org/problems/payment-required",
    PAYMENT_MALFORMED: "https://paymentauth.org/problems/malformed-credential",
    PAYMENT_VERIFICATION_FAILED: "https://paymentauth.org/problems/verification-failed",
    PAYMENT_EXPIRED: "https://paymentauth.org/problems/payment-expired",
    PAYMENT_REPLAYED: "https://paymentauth.org/problems/invalid-challenge",
    PAYMENT_INSUFFICIENT: "https://paymentauth.org/problems/payment-insufficient",
    PAYMENT_RESOURCE_MISMATCH: "https://paymentauth.org/problems/invalid-challenge",
  });
});

const TROUBLES: [
  "facilitator-unavailable" | "facilitator-error" | "settlement-pending",
  number,
  string,
  string,
][] = [
  ["facilitator-unavailable", 503, "Service Unavailable", "PAYMENT_FACILITATOR_UNAVAILABLE"],
  ["facilitator-error", 502, "Bad Gateway", "PAYMENT_FACILITATOR_ERROR"],
  ["settlement-pending", 503, "Service Unavailable", "PAYMENT_SETTLEMENT_PENDING"],
];

for (const [name, status, title, code] of TROUBLES) {
  Deno.test(`a ${name} problem is a ${status} with Retry-After and no challenge`, async () => {
    const response = gateProblemResponse(name, "try later", "/v1/reference/classify?q=bread", 7, {
      valid_before: 1,
    });
    assert.equal(response.status, status);
    assert.equal(response.headers.get("Retry-After"), "7");
    assert.equal(response.headers.get("PAYMENT-REQUIRED"), null);
    assert.equal(response.headers.get("Cache-Control"), "no-store");
    assert.deepEqual(await response.json(), {
      type: `https://gpc-reference.dev/problems/${name}`,
      title,
      status,
      detail: "try later",
      instance: "/v1/reference/classify?q=bread",
      error: { code, message: "try later", details: { retry_after_seconds: 7, valid_before: 1 } },
    });
  });
}

const REASONS: [string | undefined, PaymentProblemName][] = [
  ["invalid_exact_evm_signature", "verification-failed"],
  ["invalid_exact_evm_recipient_mismatch", "verification-failed"],
  ["invalid_exact_evm_payload_authorization_value_mismatch", "verification-failed"],
  ["invalid_exact_evm_payload_authorization_valid_before", "payment-expired"],
  ["invalid_exact_evm_payload_authorization_valid_after", "verification-failed"],
  ["invalid_exact_evm_insufficient_balance", "payment-insufficient"],
  ["invalid_exact_evm_nonce_already_used", "invalid-challenge"],
  ["permit2_deadline_expired", "payment-expired"],
  [undefined, "verification-failed"],
];

for (const [reason, name] of REASONS) {
  Deno.test(`the facilitator reason ${reason} is the problem ${name}`, () => {
    assert.equal(problemOfReason(reason), name);
  });
}
