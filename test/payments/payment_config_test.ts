import assert from "node:assert/strict";
import {
  DEV_PAY_TO,
  formatAmount,
  KNOWN_USDC,
  readPaymentConfig,
} from "../../src/payments/payment_config.ts";

const PAYEE = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C";

Deno.test("payment config defaults to Base Sepolia USDC, the development facilitator and 0.001 per call", () => {
  const config = readPaymentConfig({});
  assert.deepEqual(config, {
    network: "eip155:84532",
    asset: {
      address: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
      name: "USDC",
      version: "2",
      decimals: 6,
      symbol: "USDC",
    },
    payTo: DEV_PAY_TO,
    facilitatorUrl: null,
    publicUrl: null,
    prices: {
      classifyBrowseNodes: { perCall: 1000n, perItem: 0n },
      getBrickAttributes: { perCall: 1000n, perItem: 0n },
      getBestPrice: { perCall: 10000n, perItem: 0n },
      findDeals: { perCall: 10000n, perItem: 0n },
      getPriceDropAlerts: { perCall: 10000n, perItem: 0n },
      getCompetitiveLandscape: { perCall: 50000n, perItem: 0n },
      getBrandTracker: { perCall: 50000n, perItem: 0n },
      getShareOfShelf: { perCall: 50000n, perItem: 0n },
      getInflationIndex: { perCall: 80000n, perItem: 0n },
      getPriceDispersion: { perCall: 80000n, perItem: 0n },
    },
    maxTimeoutSeconds: 300,
    verifyTimeoutMs: 5000,
    settleTimeoutMs: 20000,
    paymentIdTtlSeconds: 3600,
  });
  assert.equal(Object.isFrozen(config), true);
  assert.equal(Object.isFrozen(config.prices), true);
});

Deno.test("payment config on Base mainnet uses USD Coin and checksums PAY_TO", () => {
  const config = readPaymentConfig({
    X402_NETWORK: "eip155:8453",
    FACILITATOR_URL: "https://x402.org/facilitator/",
    PUBLIC_URL: "https://gpc.example.com/",
    PAY_TO: PAYEE.toLowerCase(),
    PRICE_CLASSIFY: "0.0025",
    PRICE_CLASSIFY_PER_ITEM: "0.0001",
    PRICE_BRICK_ATTRIBUTES: "2",
    PRICE_SHOPPER: "0.02",
    PRICE_ANALYST: "0.1",
    PAYMENT_TIMEOUT_SECONDS: "120",
    FACILITATOR_VERIFY_TIMEOUT_MS: "2000",
    FACILITATOR_SETTLE_TIMEOUT_MS: "60000",
    PAYMENT_ID_TTL_SECONDS: "86400",
  });
  assert.deepEqual(config.asset, KNOWN_USDC["eip155:8453"]);
  assert.equal(config.asset.name, "USD Coin");
  assert.equal(config.payTo, PAYEE);
  assert.equal(config.facilitatorUrl, "https://x402.org/facilitator");
  assert.equal(config.publicUrl, "https://gpc.example.com");
  assert.deepEqual(config.prices, {
    classifyBrowseNodes: { perCall: 2500n, perItem: 100n },
    getBrickAttributes: { perCall: 2_000_000n, perItem: 0n },
    getBestPrice: { perCall: 20000n, perItem: 0n },
    findDeals: { perCall: 20000n, perItem: 0n },
    getPriceDropAlerts: { perCall: 20000n, perItem: 0n },
    getCompetitiveLandscape: { perCall: 50000n, perItem: 0n },
    getBrandTracker: { perCall: 50000n, perItem: 0n },
    getShareOfShelf: { perCall: 50000n, perItem: 0n },
    getInflationIndex: { perCall: 100000n, perItem: 0n },
    getPriceDispersion: { perCall: 100000n, perItem: 0n },
  });
  assert.equal(config.maxTimeoutSeconds, 120);
  assert.equal(config.verifyTimeoutMs, 2000);
  assert.equal(config.settleTimeoutMs, 60000);
  assert.equal(config.paymentIdTtlSeconds, 86400);
});

Deno.test("payment config takes another token when its EIP-712 domain is given", () => {
  const config = readPaymentConfig({
    X402_ASSET: "0x1111111111111111111111111111111111111111",
    X402_ASSET_NAME: "Test Dollar",
    X402_ASSET_VERSION: "1",
    X402_ASSET_DECIMALS: "2",
    PRICE_CLASSIFY: "0.05",
    PRICE_BRICK_ATTRIBUTES: "0.01",
  });
  assert.deepEqual(config.asset, {
    address: "0x1111111111111111111111111111111111111111",
    name: "Test Dollar",
    version: "1",
    decimals: 2,
    symbol: "Test Dollar",
  });
  assert.deepEqual(config.prices.classifyBrowseNodes, { perCall: 5n, perItem: 0n });
});

const REFUSED: [string, Record<string, string>, string][] = [
  [
    "a payment identifier TTL under a minute",
    { PAYMENT_ID_TTL_SECONDS: "59" },
    'PAYMENT_ID_TTL_SECONDS="59" is not valid: expected an integer from 60 to 86400',
  ],
  [
    "a network that is not CAIP-2 EVM",
    { X402_NETWORK: "base-sepolia" },
    'X402_NETWORK="base-sepolia" is not valid: expected a CAIP-2 EVM network such as eip155:84532 (Base Sepolia) or eip155:8453 (Base)',
  ],
  [
    "mainnet without a facilitator",
    { X402_NETWORK: "eip155:8453" },
    'X402_NETWORK="eip155:8453" is not valid: expected eip155:84532 while FACILITATOR_URL is unset (the development facilitator only keeps a test ledger)',
  ],
  [
    "a real facilitator without PAY_TO",
    { FACILITATOR_URL: "https://x402.org/facilitator" },
    'PAY_TO="" is not valid: expected the address that receives payments whenever FACILITATOR_URL is set',
  ],
  [
    "a facilitator URL that is not http(s)",
    { FACILITATOR_URL: "ftp://facilitator.example" },
    'FACILITATOR_URL="ftp://facilitator.example" is not valid: expected an http(s) URL such as https://x402.org/facilitator, or unset',
  ],
  [
    "a short PAY_TO",
    { PAY_TO: "0x1234" },
    'PAY_TO="0x1234" is not valid: expected an EVM address: 0x followed by 40 hex digits',
  ],
  [
    "a PAY_TO with a wrong checksum",
    { PAY_TO: "0x209693bc6afc0C5328bA36FaF03C514EF312287C" },
    'PAY_TO="0x209693bc6afc0C5328bA36FaF03C514EF312287C" is not valid: expected an EVM address with a valid checksum (or all lower case)',
  ],
  [
    "a price with more places than USDC has",
    { PRICE_CLASSIFY: "0.0000001" },
    'PRICE_CLASSIFY="0.0000001" is not valid: expected a decimal amount of the asset with at most 6 decimal places, e.g. 0.001',
  ],
  [
    "a price in dollars",
    { PRICE_BRICK_ATTRIBUTES: "$0.01" },
    'PRICE_BRICK_ATTRIBUTES="$0.01" is not valid: expected a decimal amount of the asset with at most 6 decimal places, e.g. 0.001',
  ],
  [
    "a zero price",
    { PRICE_CLASSIFY: "0" },
    'PRICE_CLASSIFY="0" is not valid: expected a price above 0 (PAYMENTS=off serves free)',
  ],
  [
    "a per-item price that is negative",
    { PRICE_CLASSIFY_PER_ITEM: "-1" },
    'PRICE_CLASSIFY_PER_ITEM="-1" is not valid: expected a decimal amount of the asset with at most 6 decimal places, e.g. 0.001',
  ],
  [
    "a payment timeout the facilitator would refuse",
    { PAYMENT_TIMEOUT_SECONDS: "6" },
    'PAYMENT_TIMEOUT_SECONDS="6" is not valid: expected an integer from 30 to 3600',
  ],
  [
    "a verify timeout that is not a number",
    { FACILITATOR_VERIFY_TIMEOUT_MS: "5s" },
    'FACILITATOR_VERIFY_TIMEOUT_MS="5s" is not valid: expected an integer from 100 to 120000',
  ],
  [
    "another token without its domain name",
    { X402_ASSET: "0x1111111111111111111111111111111111111111" },
    'X402_ASSET_NAME="" is not valid: expected the EIP-712 domain name of 0x1111111111111111111111111111111111111111',
  ],
  [
    "a network without a default asset",
    { X402_NETWORK: "eip155:10", FACILITATOR_URL: "https://f.example", PAY_TO: PAYEE },
    'X402_ASSET="" is not valid: expected a token address: eip155:10 has no default asset (only eip155:8453 and eip155:84532)',
  ],
  [
    "a plain http facilitator on another host",
    { FACILITATOR_URL: "http://facilitator.example", PAY_TO: PAYEE },
    'FACILITATOR_URL="http://facilitator.example" is not valid: expected an https URL (plain http only to this machine: localhost, 127.x.x.x, [::1])',
  ],
  [
    "the development placeholder payee with a real facilitator",
    { FACILITATOR_URL: "https://f.example", PAY_TO: "0x000000000000000000000000000000000000dEaD" },
    'PAY_TO="0x000000000000000000000000000000000000dEaD" is not valid: expected an address that can receive funds (not the zero or the development placeholder)',
  ],
  [
    "the zero address with a real facilitator",
    { FACILITATOR_URL: "https://f.example", PAY_TO: "0x0000000000000000000000000000000000000000" },
    'PAY_TO="0x0000000000000000000000000000000000000000" is not valid: expected an address that can receive funds (not the zero or the development placeholder)',
  ],
  [
    "a real facilitator without PUBLIC_URL",
    { FACILITATOR_URL: "https://f.example", PAY_TO: PAYEE },
    'PUBLIC_URL="" is not valid: expected the URL clients reach the service at whenever FACILITATOR_URL is set',
  ],
];

for (const [name, env, message] of REFUSED) {
  Deno.test(`payment config refuses ${name}, naming the variable and what it accepts`, () => {
    assert.throws(() => readPaymentConfig(env), { message });
  });
}

const BAD_PUBLIC_URLS: [string, string][] = [
  ["a host without a scheme", "gpc.example.com"],
  ["another scheme", "ftp://gpc.example.com"],
  ["a query", "https://gpc.example.com/?a=1"],
  ["a fragment", "https://gpc.example.com/#top"],
  ["credentials", "https://user:secret@gpc.example.com"],
  ["more than 256 characters", `https://gpc.example.com/${"p".repeat(240)}`],
];

for (const [name, value] of BAD_PUBLIC_URLS) {
  Deno.test(`payment config refuses a PUBLIC_URL with ${name}`, () => {
    assert.throws(() => readPaymentConfig({ PUBLIC_URL: value }), {
      message: `PUBLIC_URL=${JSON.stringify(value)} is not valid: expected an absolute http(s) URL of at ` +
        "most 256 characters without query, fragment or credentials, such as https://gpc.example.com",
    });
  });
}

const PUBLIC_URLS: [string, string][] = [
  ["https://gpc.example.com", "https://gpc.example.com"],
  ["https://gpc.example.com/", "https://gpc.example.com"],
  ["https://GPC.Example.com:443/api/gpc//", "https://gpc.example.com/api/gpc"],
  ["http://10.0.0.5:8080", "http://10.0.0.5:8080"],
];

for (const [value, publicUrl] of PUBLIC_URLS) {
  Deno.test(`payment config takes PUBLIC_URL ${value} as ${publicUrl}`, () => {
    assert.equal(readPaymentConfig({ PUBLIC_URL: value }).publicUrl, publicUrl);
  });
}

const AMOUNTS: [bigint, number, string][] = [
  [1000n, 6, "0.001"],
  [1500n, 6, "0.0015"],
  [2_000_000n, 6, "2"],
  [0n, 6, "0"],
  [5n, 2, "0.05"],
];

for (const [units, decimals, text] of AMOUNTS) {
  Deno.test(`formatAmount writes ${units} atomic units with ${decimals} decimals as ${text}`, () => {
    assert.equal(formatAmount(units, decimals), text);
  });
}
