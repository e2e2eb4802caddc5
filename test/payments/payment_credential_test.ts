import assert from "node:assert/strict";
import { encodePaymentSignatureHeader } from "npm:@x402/core@2.27.0/http";
import type { PaymentPayload } from "npm:@x402/core@2.27.0/types";
import {
  decodePayment,
  MAX_CREDENTIAL_CHARS,
  MAX_CREDENTIAL_DEPTH,
  nestingDepth,
} from "../../src/payments/payment_credential.ts";
import { MAX_RESOURCE_URL_CHARS } from "../../src/payments/challenge_resource.ts";
import { bazaarExtensions } from "../../src/payments/bazaar_extension.ts";
import { operationDiscovery } from "../../src/contract/operation_discovery.ts";
import {
  appendPaymentIdentifierToExtensions,
  declarePaymentIdentifierExtension,
} from "npm:@x402/extensions@2.27.0/payment-identifier";
import { CATALOG_SERVED } from "../../src/catalog/catalog_operations.ts";
import { BRICK_ATTRIBUTES_OPERATION, CLASSIFY_OPERATION } from "../../src/operation/operations.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const AUTHORIZATION = {
  from: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
  to: "0x000000000000000000000000000000000000dEaD",
  value: "1000",
  validAfter: "0",
  validBefore: "1900000000",
  nonce: `0x${"ab".repeat(32)}`,
};

/** A well-formed exact/EVM payment, as @x402/fetch sends it. */
function payment(): Json {
  return {
    x402Version: 2,
    resource: {
      url: "https://gpc.example.com/v1/reference/classify?browse_id=16318751",
      description: "classifyBrowseNodes: 1 item",
      mimeType: "application/json",
    },
    accepted: {
      scheme: "exact",
      network: "eip155:84532",
      amount: "1000",
      asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
      payTo: "0x000000000000000000000000000000000000dEaD",
      maxTimeoutSeconds: 300,
      extra: { name: "USDC", version: "2" },
    },
    payload: { signature: `0x${"1b".repeat(65)}`, authorization: { ...AUTHORIZATION } },
  };
}

const header = (value: unknown) => encodePaymentSignatureHeader(value as PaymentPayload);
const deep = (levels: number) => JSON.parse("[".repeat(levels) + "]".repeat(levels));

Deno.test("a well-formed payment decodes to its payload and authorisation", () => {
  const decoded = decodePayment(header(payment()));
  assert.equal(typeof decoded, "object");
  if (typeof decoded === "string") return;
  assert.deepEqual(decoded.payload, payment());
  assert.deepEqual(decoded.authorization, AUTHORIZATION);
  assert.equal(decoded.paymentId, undefined);
});

Deno.test("a payment echoing the payment-identifier declaration with an id decodes to that id", () => {
  const extensions = { "payment-identifier": declarePaymentIdentifierExtension(false) };
  appendPaymentIdentifierToExtensions(extensions, "pay_7d5d747be160e280504c099d984bcfe0");
  const decoded = decodePayment(header({ ...payment(), extensions }));
  if (typeof decoded === "string") throw new Error(decoded);
  assert.equal(decoded.paymentId, "pay_7d5d747be160e280504c099d984bcfe0");
  // The declaration echoed without an id (a client that does not use it) decodes without one.
  const plain = decodePayment(
    header({ ...payment(), extensions: { "payment-identifier": declarePaymentIdentifierExtension(false) } }),
  );
  if (typeof plain === "string") throw new Error(plain);
  assert.equal(plain.paymentId, undefined);
});

Deno.test("a payment with an empty extensions member (what a client merges from none) decodes", () => {
  const decoded = decodePayment(header({ ...payment(), extensions: {} }));
  assert.equal(typeof decoded, "object");
});

/** A header a client could send, and the reason decodePayment must give. */
const MALFORMED: [string, () => string, string][] = [
  [
    "one extra member nested 4,000 arrays deep (the header grows past the cap)",
    () => header({ ...payment(), junk: deep(4000) }),
    "PAYMENT-SIGNATURE has 11788 characters; a payment has at most 10240",
  ],
  [
    "an extra member nested 2,000 arrays deep within the length cap",
    () => header({ ...payment(), payload: { ...payment().payload, junk: deep(2000) } }),
    "PAYMENT-SIGNATURE nests deeper than 12 levels; an x402 payment needs 11 at most",
  ],
  [
    "a header of spaces longer than the cap",
    () => " ".repeat(MAX_CREDENTIAL_CHARS + 1),
    "PAYMENT-SIGNATURE has 10241 characters; a payment has at most 10240",
  ],
  [
    "characters outside base64",
    () => "%%% not base64 %%%",
    "PAYMENT-SIGNATURE is not standard base64 (with padding)",
  ],
  [
    "base64 without its padding",
    () => btoa("{}x").replace(/=+$/, "") + "A",
    "PAYMENT-SIGNATURE is not standard base64 (with padding)",
  ],
  ["bytes that are not UTF-8", () => btoa("\xff\xfe{}"), "PAYMENT-SIGNATURE is not base64 of UTF-8 text"],
  ["text that is not JSON", () => btoa("hello"), "PAYMENT-SIGNATURE is not base64 of a JSON PaymentPayload"],
  [
    "an x402 version 1 payload",
    () => btoa(JSON.stringify({ x402Version: 1, scheme: "exact", network: "base-sepolia", payload: {} })),
    "PAYMENT-SIGNATURE is not an x402 version 2 exact payment: x402Version must be 2",
  ],
  [
    "an unknown top-level member",
    () => header({ ...payment(), junk: [] }),
    "PAYMENT-SIGNATURE is not an x402 version 2 exact payment: junk is not a member of an x402 version 2 exact payment",
  ],
  [
    "an unknown member of the authorisation",
    () =>
      header({
        ...payment(),
        payload: { ...payment().payload, authorization: { ...AUTHORIZATION, memo: "x" } },
      }),
    "PAYMENT-SIGNATURE is not an x402 version 2 exact payment: payload.authorization.memo is not a member of an x402 version 2 exact payment",
  ],
  [
    "an unknown member of accepted.extra",
    () =>
      header({
        ...payment(),
        accepted: { ...payment().accepted, extra: { name: "USDC", version: "2", x: 1 } },
      }),
    "PAYMENT-SIGNATURE is not an x402 version 2 exact payment: accepted.extra.x is not a member of an x402 version 2 exact payment",
  ],
  [
    "an unknown member of the resource",
    () => header({ ...payment(), resource: { ...payment().resource, junk: {} } }),
    "PAYMENT-SIGNATURE is not an x402 version 2 exact payment: resource.junk is not a member of an x402 version 2 exact payment",
  ],
  [
    "an extension this service never declared",
    () => header({ ...payment(), extensions: { "sign-in-with-x": { info: { id: "x" } } } }),
    "PAYMENT-SIGNATURE is not an x402 version 2 exact payment: extensions.sign-in-with-x is not a member of an x402 version 2 exact payment",
  ],
  [
    "a payment identifier of 15 characters",
    () =>
      header({
        ...payment(),
        extensions: { "payment-identifier": { info: { required: false, id: "a".repeat(15) } } },
      }),
    "PAYMENT-SIGNATURE is not an x402 version 2 exact payment: extensions.payment-identifier.info.id fails min_length >=16",
  ],
  [
    "a payment identifier of 129 characters",
    () =>
      header({
        ...payment(),
        extensions: { "payment-identifier": { info: { required: false, id: "a".repeat(129) } } },
      }),
    "PAYMENT-SIGNATURE is not an x402 version 2 exact payment: extensions.payment-identifier.info.id fails max_length <=128",
  ],
  [
    "a payment identifier with a character outside A-Z a-z 0-9 _ -",
    () =>
      header({
        ...payment(),
        extensions: { "payment-identifier": { info: { required: false, id: "pay_0123456789abcdef!" } } },
      }),
    "PAYMENT-SIGNATURE is not an x402 version 2 exact payment: extensions.payment-identifier.info.id fails regex /^[a-zA-Z0-9_-]+$/",
  ],
  [
    "a payment identifier echo without its required flag",
    () =>
      header({
        ...payment(),
        extensions: { "payment-identifier": { info: { id: "pay_0123456789abcdef" } } },
      }),
    "PAYMENT-SIGNATURE is not an x402 version 2 exact payment: extensions.payment-identifier.info.required is missing",
  ],
  [
    "a discovery echo that is not an object",
    () => header({ ...payment(), extensions: { bazaar: "listed" } }),
    "PAYMENT-SIGNATURE is not an x402 version 2 exact payment: extensions.bazaar must be an object",
  ],
  [
    "a member name of 5,000 characters (the message stays short)",
    () => header({ ...payment(), ["k".repeat(5000)]: 1 }),
    `PAYMENT-SIGNATURE is not an x402 version 2 exact payment: ${
      "k".repeat(80)
    } is not a member of an x402 version 2 exact payment`,
  ],
  [
    "an authorisation without its nonce",
    () => {
      const { nonce: _, ...rest } = AUTHORIZATION;
      return header({ ...payment(), payload: { ...payment().payload, authorization: rest } });
    },
    "PAYMENT-SIGNATURE is not an x402 version 2 exact payment: payload.authorization.nonce is missing",
  ],
  [
    "an amount that is not atomic units",
    () => header({ ...payment(), accepted: { ...payment().accepted, amount: "0.001" } }),
    "PAYMENT-SIGNATURE is not an x402 version 2 exact payment: accepted.amount fails regex /^\\d{1,78}$/",
  ],
  [
    "a payload that is a string",
    () => header({ ...payment(), payload: "signed" }),
    "PAYMENT-SIGNATURE is not an x402 version 2 exact payment: payload must be an object",
  ],
  [
    "a JSON array (no members at all)",
    () => btoa("[]"),
    "PAYMENT-SIGNATURE is not an x402 version 2 exact payment: x402Version is missing",
  ],
];

for (const [name, make, reason] of MALFORMED) {
  Deno.test(`a credential with ${name} is malformed: ${reason.slice(18, 70)}…`, () => {
    assert.equal(decodePayment(make()), reason);
  });
}

const DEPTHS: [string, number][] = [
  ["1", 0],
  ["{}", 1],
  ['{"a":[{"b":"[[[["}]}', 3],
  ['["\\"[[["]', 1],
  ["[[],[[]]]", 3],
];

for (const [json, depth] of DEPTHS) {
  Deno.test(`the nesting depth of ${json} is ${depth}`, () => {
    assert.equal(nestingDepth(json), depth);
  });
}

/** The paid operations' extensions as a client echoes them: discovery, and its longest payment identifier. */
const DECLARED = [CLASSIFY_OPERATION, BRICK_ATTRIBUTES_OPERATION, ...Object.keys(CATALOG_SERVED)]
  .map((operation) => ({
    ...bazaarExtensions(operationDiscovery(operation)!),
    ...appendPaymentIdentifierToExtensions(
      { "payment-identifier": declarePaymentIdentifierExtension(false) },
      `pay_${"a".repeat(124)}`,
    ),
  }));

Deno.test("a payment echoing an operation's discovery declaration (as @x402/fetch sends it) decodes", () => {
  for (const extensions of DECLARED) {
    const decoded = decodePayment(header({ ...payment(), extensions }));
    assert.equal(typeof decoded, "object", String(decoded));
  }
});

Deno.test("a payment as the client builds it, echo included, nests within the depth cap", () => {
  assert.equal(nestingDepth(JSON.stringify(payment())), 3);
  const deepest = Math.max(
    ...DECLARED.map((extensions) => nestingDepth(JSON.stringify({ ...payment(), extensions }))),
  );
  assert.equal(deepest, 11);
  assert.ok(deepest < MAX_CREDENTIAL_DEPTH);
});

Deno.test("the longest payment a client sends (resource URL at its budget, longest signature, largest echo) decodes", () => {
  const [longest] = DECLARED.map((extensions) =>
    header({
      ...payment(),
      resource: {
        url: `https://${"h".repeat(MAX_RESOURCE_URL_CHARS - 8)}`,
        description: `getCompetitiveLandscape: 100 items; query sha256=${"a".repeat(64)}`,
        mimeType: "application/json",
      },
      payload: { ...payment().payload, signature: `0x${"a".repeat(4094)}` },
      extensions,
    })
  ).sort((a, b) => b.length - a.length);
  // Beyond the former cap of 8,192 characters, within the cap.
  assert.ok(longest!.length > 8192 && longest!.length <= MAX_CREDENTIAL_CHARS, `${longest!.length}`);
  assert.equal(typeof decodePayment(longest!), "object");
});
