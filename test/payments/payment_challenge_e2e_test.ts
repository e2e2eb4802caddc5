/**
 * The challenge as a client behind any proxy sees it, over real HTTP/1.1 on 127.0.0.1: its resource is named
 * by PUBLIC_URL whatever Host, request target or X-Forwarded-* say, and every header of a 402 stays within
 * 4 KB for the largest valid request of each paid operation.
 */
import assert from "node:assert/strict";
import { MAX_REQUEST_TARGET_BYTES } from "../../src/operation/query.ts";
import { createHash } from "node:crypto";
import { decodePaymentRequiredHeader } from "npm:@x402/core@2.27.0/http";
import { type PaymentHarness, startPaymentHarness } from "../support/payment_harness.ts";
import { MAX_RESOURCE_URL_CHARS } from "../../src/payments/challenge_resource.ts";
import { newPayer, paymentHeader, signedPayment } from "../support/payment_client.ts";
import { loadShopperCatalog, PAID_OPERATIONS, servableTarget } from "../support/paid_requests.ts";
import { bazaarExtensions } from "../../src/payments/bazaar_extension.ts";
import { operationDiscovery } from "../../src/contract/operation_discovery.ts";
import { declarePaymentIdentifierExtension } from "npm:@x402/extensions@2.27.0/payment-identifier";

const PUBLIC_URL = "https://gpc.example.com/api";
const PATH = "/v1/reference/classify?browse_id=16318751";
/** What nginx's default proxy_buffer_size (one 4 KB page) must hold: status line and every header. */
const HEADER_BUDGET = 4096;

/** A raw answer's head: status, the byte size of status line plus headers, and the headers. */
interface Head {
  readonly status: number;
  readonly bytes: number;
  readonly headers: Map<string, string>;
}

/** Sends `GET <target>` with `headers` as written (no client rewrites Host) and reads the answer's head. */
async function rawGet(port: number, target: string, headers: Record<string, string>): Promise<Head> {
  const connection = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    const lines = [`GET ${target} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    await connection.write(new TextEncoder().encode(lines.join("\r\n") + "\r\nConnection: close\r\n\r\n"));
    let received = new Uint8Array(0);
    const buffer = new Uint8Array(65536);
    let end = -1;
    for (let reads = 0; end < 0 && reads < 1000; reads++) {
      const count = await connection.read(buffer);
      if (count === null) break;
      received = new Uint8Array([...received, ...buffer.subarray(0, count)]);
      end = new TextDecoder().decode(received).indexOf("\r\n\r\n");
    }
    const head = new TextDecoder().decode(received).slice(0, end);
    const [statusLine, ...fields] = head.split("\r\n");
    return {
      status: Number(statusLine!.split(" ")[1]),
      bytes: new TextEncoder().encode(head).length + 4,
      headers: new Map(fields.map((field) => {
        const colon = field.indexOf(":");
        return [field.slice(0, colon).toLowerCase(), field.slice(colon + 1).trim()];
      })),
    };
  } finally {
    connection.close();
  }
}

function resourceOf(head: Head): { url: string; description?: string } {
  assert.equal(head.status, 402);
  return decodePaymentRequiredHeader(head.headers.get("payment-required")!).resource;
}

function challengeTest(name: string, body: (h: PaymentHarness, port: number) => Promise<void>) {
  Deno.test(name, async () => {
    const h = await startPaymentHarness({ PUBLIC_URL });
    try {
      await body(h, Number(new URL(h.url).port));
    } finally {
      await h.close();
    }
  });
}

const SPOOFS: [string, string, Record<string, string>][] = [
  ["Host: evil.example", PATH, { Host: "evil.example" }],
  ["an absolute-form request target", `http://evil.example${PATH}`, { Host: "evil.example" }],
  [
    "X-Forwarded-Proto, X-Forwarded-Host and Forwarded",
    PATH,
    {
      Host: "127.0.0.1",
      "X-Forwarded-Proto": "http",
      "X-Forwarded-Host": "evil.example",
      Forwarded: "host=evil.example;proto=http",
    },
  ],
];

for (const [name, target, headers] of SPOOFS) {
  challengeTest(`${name} does not change the challenge's resource: PUBLIC_URL names it`, async (_h, port) => {
    assert.deepEqual(resourceOf(await rawGet(port, target, headers)), {
      url: `${PUBLIC_URL}${PATH}`,
      description: "classifyBrowseNodes: 1 item",
      mimeType: "application/json",
    });
  });
}

/** A phrase of 200 characters, one in seven of them outside ASCII. */
const PHRASE = "pain dé ".repeat(25);
/** A phrase of 200 characters of 4 bytes of UTF-8 each: 2,400 characters percent-encoded, the most there is. */
const WIDE_PHRASE = "𝔟".repeat(200);

/**
 * The largest valid, servable request of each paid operation (one known item, the rest at their limits),
 * and whether its resource.url holds the query or names its digest.
 */
const LARGEST: [string, string, "query" | "digest"][] = [
  [
    "classify by 100 browse ids of 20 digits",
    `/v1/reference/classify?browse_id=16318751${",18776870011123456789".repeat(99)}`,
    "digest",
  ],
  [
    "classify by 100 phrases of 200 characters",
    `/v1/reference/classify?q=bread${`,${encodeURIComponent(PHRASE)}`.repeat(99)}`,
    "digest",
  ],
  [
    "brick-attributes of 100 codes",
    `/v1/reference/brick-attributes?gpc_code=10000164${",99999999".repeat(99)}`,
    "digest",
  ],
];

/** The resource the challenge to `target` must name. */
function expectedResource(target: string, form: "query" | "digest", items: number) {
  const url = new URL(target, "http://any.example");
  const operation = url.pathname.endsWith("classify") ? "classifyBrowseNodes" : "getBrickAttributes";
  if (form === "query") {
    return {
      url: PUBLIC_URL + target,
      description: `${operation}: ${items} items`,
      mimeType: "application/json",
    };
  }
  const query = [...url.searchParams].map(([name, value]) =>
    `${name}=${encodeURIComponent(value).replaceAll("%2C", ",")}`
  ).join("&");
  return {
    url: PUBLIC_URL + url.pathname,
    description: `${operation}: ${items} items; query sha256=${
      createHash("sha256").update(query).digest("hex")
    }`,
    mimeType: "application/json",
  };
}

for (const [name, target, form] of LARGEST) {
  challengeTest(`the 402 to ${name} keeps every header within ${HEADER_BUDGET} bytes`, async (_h, port) => {
    // A browser's Origin and the longest X-Request-Id the service echoes add what they can.
    const head = await rawGet(port, target, {
      Host: "127.0.0.1",
      Origin: "https://app.example",
      "X-Request-Id": "r".repeat(128),
    });
    assert.deepEqual(resourceOf(head), expectedResource(target, form, 100));
    assert.ok(head.bytes <= HEADER_BUDGET, `the head is ${head.bytes} bytes`);
  });
}

challengeTest(
  "the 402 to the longest valid q of phrases of 200 characters outside ASCII keeps its headers small",
  async (h) => {
    // As many wide phrases as the request-target limit admits (each is 200 four-byte characters).
    const wide = `,${encodeURIComponent(WIDE_PHRASE)}`;
    const prefix = "/v1/reference/classify?q=bread";
    const count = Math.floor((MAX_REQUEST_TARGET_BYTES - prefix.length) / wide.length);
    const target = `${prefix}${wide.repeat(count)}`;
    assert.equal(count, 20);
    assert.ok(target.length <= MAX_REQUEST_TARGET_BYTES);
    const response = await h.handle(
      new Request(h.url + target, {
        headers: { Origin: "https://app.example", "X-Request-Id": "r".repeat(128) },
      }),
    );
    await response.body?.cancel();
    assert.equal(response.status, 402);
    const challenge = decodePaymentRequiredHeader(response.headers.get("PAYMENT-REQUIRED")!);
    assert.deepEqual(challenge.resource, expectedResource(target, "digest", count + 1));
    // Status line, each "name: value" line, and the Date and Content-Length the server adds.
    const bytes = 17 +
      [...response.headers].reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0) +
      72;
    assert.ok(bytes <= HEADER_BUDGET, `the head is ${bytes} bytes`);
  },
);

/** How to make a servable request of an operation a little longer (its resource URL toward the budget). */
function grow(target: string): string {
  const { pathname } = new URL(target, "http://any.example");
  // One more character of the last padding phrase, or a new one (the servable phrase stays as it is).
  if (pathname.endsWith("/classify")) {
    const last = target.slice(target.lastIndexOf(",") + 1);
    return last.startsWith("p") && last.length < 200 ? `${target}p` : `${target},p`;
  }
  if (pathname.endsWith("/brick-attributes")) return `${target},99999999`;
  // Retailer names are compared ignoring spacing: one more trailing space.
  return `${target}%20`;
}

for (const operation of PAID_OPERATIONS) {
  Deno.test(
    `a refused payment to ${operation} at the resource URL budget keeps every header within the budget`,
    async () => {
      // A deployment's 402 also carries the rate-limit headers (and, for the catalog, the data freshness).
      const h = await startPaymentHarness({ PUBLIC_URL }, { RATE_LIMIT: "120/min" });
      try {
        await loadShopperCatalog(h.store);
        let target = servableTarget(operation);
        let grown = grow(target);
        for (; PUBLIC_URL.length + grown.length <= MAX_RESOURCE_URL_CHARS; grown = grow(target)) {
          target = grown;
        }
        // The longest refusal message there is: an unknown member named by its first 80 characters.
        const signed = await signedPayment(newPayer(), h.url + target);
        const payment = paymentHeader({ ...signed, ["k".repeat(3000)]: 1 } as typeof signed);
        const head = await rawGet(Number(new URL(h.url).port), target, {
          Host: "127.0.0.1",
          Origin: "https://app.example",
          "X-Request-Id": "r".repeat(128),
          "PAYMENT-SIGNATURE": payment,
        });
        assert.equal(head.status, 402);
        const challenge = decodePaymentRequiredHeader(head.headers.get("payment-required")!);
        assert.equal(challenge.resource.url, PUBLIC_URL + target);
        // As close to the budget as one more step of growth allows.
        assert.ok(MAX_RESOURCE_URL_CHARS - challenge.resource.url.length < grown.length - target.length);
        assert.equal(challenge.error, "malformed-credential");
        assert.deepEqual(challenge.extensions, {
          ...bazaarExtensions(operationDiscovery(operation)!),
          "payment-identifier": declarePaymentIdentifierExtension(false),
        });
        assert.ok(head.headers.has("ratelimit"));
        assert.ok(head.bytes <= HEADER_BUDGET, `the head is ${head.bytes} bytes`);
      } finally {
        await h.close();
      }
    },
  );
}
