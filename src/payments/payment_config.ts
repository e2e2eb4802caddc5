/**
 * The payment configuration: read once from the environment into a frozen object (PAYMENTS=on only).
 *
 * | variable                        | default                                  | accepted                                    |
 * |---------------------------------|------------------------------------------|---------------------------------------------|
 * | X402_NETWORK                    | eip155:84532 (Base Sepolia)              | CAIP-2 `eip155:<chain id>`                  |
 * | X402_ASSET                      | USDC of the network (Base, Base Sepolia) | a token address `0x` + 40 hex digits        |
 * | X402_ASSET_NAME, _VERSION       | the known USDC's EIP-712 domain          | text (required with any other X402_ASSET)   |
 * | X402_ASSET_DECIMALS             | 6                                        | an integer 0–18                             |
 * | PAY_TO                          | DEV_PAY_TO (local facilitator only)      | an address `0x` + 40 hex digits             |
 * | FACILITATOR_URL                 | unset: the local development facilitator | an http(s) URL                              |
 * | PUBLIC_URL                      | the listen address (development only)    | an absolute http(s) URL, no query/fragment  |
 * | PRICE_CLASSIFY                  | 0.001                                    | a decimal with at most `decimals` places    |
 * | PRICE_CLASSIFY_PER_ITEM         | 0                                        | same; added once per id or phrase           |
 * | PRICE_BRICK_ATTRIBUTES          | 0.001                                    | same                                        |
 * | PRICE_BRICK_ATTRIBUTES_PER_ITEM | 0                                        | same; added once per code                   |
 * | PRICE_SHOPPER                   | 0.01                                     | same; each shopper operation, per call      |
 * | PRICE_MARKETING                 | 0.05                                     | same; each marketing operation, per call    |
 * | PRICE_ANALYST                   | 0.08                                     | same; each analyst operation, per call      |
 * | PAYMENT_TIMEOUT_SECONDS         | 300                                      | an integer 30–3600 (maxTimeoutSeconds)      |
 * | FACILITATOR_VERIFY_TIMEOUT_MS   | 5000                                     | an integer 100–120000 (also /supported)     |
 * | FACILITATOR_SETTLE_TIMEOUT_MS   | 20000                                    | an integer 100–300000                       |
 * | PAYMENT_ID_TTL_SECONDS          | 3600                                     | an integer 60–86400 (answers kept by id)    |
 *
 * Without FACILITATOR_URL the service verifies and settles against an in-memory test ledger, so that mode
 * is refused on anything but Base Sepolia, and PAY_TO must be set whenever a real facilitator moves funds.
 * PUBLIC_URL is where clients reach the service (behind a proxy: the proxy's address): payment challenges
 * name their resource by it, never by the request's Host or X-Forwarded-* headers, which a client chooses.
 */
import { getAddress, isAddress } from "npm:viem@2.57.20";
import { readPrices } from "./payment_prices.ts";

export { formatAmount, GROUP_PRICES, PRICE_VARIABLES } from "./payment_prices.ts";

/** An EVM address in checksum form. */
export type Address = `0x${string}`;

/** The token payments are made in, with its EIP-712 domain (the exact scheme's `extra`). */
export interface PaymentAsset {
  readonly address: Address;
  readonly name: string;
  readonly version: string;
  readonly decimals: number;
  /** Ticker used in messages. */
  readonly symbol: string;
}

/** Price of one operation in atomic units of the asset: `perCall + perItem × items`. */
export interface OperationPrice {
  readonly perCall: bigint;
  readonly perItem: bigint;
}

/** The resolved payment configuration. */
export interface PaymentConfig {
  /** CAIP-2 network, e.g. eip155:84532. */
  readonly network: `eip155:${number}`;
  readonly asset: PaymentAsset;
  readonly payTo: Address;
  /** null = start the local development facilitator (test ledger, Base Sepolia only). */
  readonly facilitatorUrl: string | null;
  /**
   * Where clients reach the service, without a trailing slash, e.g. https://gpc.example.com; challenges name
   * their resource by it. null = the address the service listens on (development only).
   */
  readonly publicUrl: string | null;
  /** Prices by operation name. */
  readonly prices: Readonly<Record<string, OperationPrice>>;
  /** How long a signed authorisation stays valid (the requirements' maxTimeoutSeconds). */
  readonly maxTimeoutSeconds: number;
  readonly verifyTimeoutMs: number;
  readonly settleTimeoutMs: number;
  /** How long the answer of a call paid with a payment identifier is kept for its retries. */
  readonly paymentIdTtlSeconds: number;
}

/** Base Sepolia: the default network, and the only one the development facilitator serves. */
export const BASE_SEPOLIA = "eip155:84532";

/** Payee of the development setup: a well-known placeholder nobody holds a key for (test ledger only). */
export const DEV_PAY_TO: Address = "0x000000000000000000000000000000000000dEaD";

/** USDC of the networks whose asset needs no configuration. */
export const KNOWN_USDC: Readonly<Record<string, PaymentAsset>> = {
  "eip155:8453": {
    address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    name: "USD Coin",
    version: "2",
    decimals: 6,
    symbol: "USDC",
  },
  [BASE_SEPOLIA]: {
    address: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
    name: "USDC",
    version: "2",
    decimals: 6,
    symbol: "USDC",
  },
};

/** Longest PUBLIC_URL accepted: it is part of every challenge, whose header must stay small. */
export const MAX_PUBLIC_URL_CHARS = 256;

/** Resolves the payment configuration; throws an Error naming the variable, its value and what is accepted. */
export function readPaymentConfig(env: Readonly<Record<string, string | undefined>>): PaymentConfig {
  const get = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === "" ? undefined : value;
  };
  const network = parseNetwork(get("X402_NETWORK") ?? BASE_SEPOLIA);
  const facilitatorUrl = parseUrl(get("FACILITATOR_URL"));
  if (facilitatorUrl === null && network !== BASE_SEPOLIA) {
    fail(
      "X402_NETWORK",
      network,
      `${BASE_SEPOLIA} while FACILITATOR_URL is unset (the development facilitator only keeps a test ledger)`,
    );
  }
  const asset = parseAsset(network, get);
  const payToText = get("PAY_TO");
  if (payToText === undefined && facilitatorUrl !== null) {
    fail("PAY_TO", "", "the address that receives payments whenever FACILITATOR_URL is set");
  }
  const payTo = payToText === undefined ? DEV_PAY_TO : parseAddress("PAY_TO", payToText);
  // A facilitator on this machine is a test facilitator; anywhere else it moves real funds.
  if (facilitatorUrl !== null && !isLoopback(facilitatorUrl) && /^0x0{40}$|^0x0{36}dead$/i.test(payTo)) {
    fail("PAY_TO", payTo, "an address that can receive funds (not the zero or the development placeholder)");
  }
  const publicUrl = parsePublicUrl(get("PUBLIC_URL"));
  if (publicUrl === null && facilitatorUrl !== null) {
    fail("PUBLIC_URL", "", "the URL clients reach the service at whenever FACILITATOR_URL is set");
  }
  return Object.freeze({
    network,
    asset: Object.freeze(asset),
    payTo,
    facilitatorUrl,
    publicUrl,
    prices: readPrices(get, asset.decimals),
    maxTimeoutSeconds: parseInteger(
      "PAYMENT_TIMEOUT_SECONDS",
      get("PAYMENT_TIMEOUT_SECONDS") ?? "300",
      30,
      3600,
    ),
    verifyTimeoutMs: parseInteger(
      "FACILITATOR_VERIFY_TIMEOUT_MS",
      get("FACILITATOR_VERIFY_TIMEOUT_MS") ?? "5000",
      100,
      120_000,
    ),
    settleTimeoutMs: parseInteger(
      "FACILITATOR_SETTLE_TIMEOUT_MS",
      get("FACILITATOR_SETTLE_TIMEOUT_MS") ?? "20000",
      100,
      300_000,
    ),
    paymentIdTtlSeconds: parseInteger(
      "PAYMENT_ID_TTL_SECONDS",
      get("PAYMENT_ID_TTL_SECONDS") ?? "3600",
      60,
      86_400,
    ),
  });
}

/** Throws the configuration error naming `variable`, its `value` and what is `accepted`. */
export function fail(variable: string, value: string, accepted: string): never {
  throw new Error(`${variable}=${JSON.stringify(value)} is not valid: expected ${accepted}`);
}

function parseNetwork(text: string): `eip155:${number}` {
  if (!/^eip155:[1-9]\d{0,17}$/.test(text)) {
    fail(
      "X402_NETWORK",
      text,
      "a CAIP-2 EVM network such as eip155:84532 (Base Sepolia) or eip155:8453 (Base)",
    );
  }
  return text as `eip155:${number}`;
}

function urlOf(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function parseUrl(text: string | undefined): string | null {
  if (text === undefined) return null;
  const url = urlOf(text);
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    fail("FACILITATOR_URL", text, "an http(s) URL such as https://x402.org/facilitator, or unset");
  }
  // Signed payments travel to the facilitator: in clear text only to this machine.
  if (url!.protocol === "http:" && !isLoopback(text)) {
    fail(
      "FACILITATOR_URL",
      text,
      "an https URL (plain http only to this machine: localhost, 127.x.x.x, [::1])",
    );
  }
  return text.replace(/\/+$/, "");
}

function parsePublicUrl(text: string | undefined): string | null {
  if (text === undefined) return null;
  const url = urlOf(text);
  if (
    url === undefined || (url.protocol !== "http:" && url.protocol !== "https:") || /[?#]/.test(text) ||
    url.username !== "" || url.password !== "" || text.length > MAX_PUBLIC_URL_CHARS
  ) {
    fail(
      "PUBLIC_URL",
      text,
      `an absolute http(s) URL of at most ${MAX_PUBLIC_URL_CHARS} characters without query, fragment or ` +
        "credentials, such as https://gpc.example.com",
    );
  }
  return url!.origin + url!.pathname.replace(/\/+$/, "");
}

function isLoopback(url: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(new URL(url).hostname);
}

function parseAddress(variable: string, text: string): Address {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) fail(variable, text, "an EVM address: 0x followed by 40 hex digits");
  // Mixed case that is not a valid checksum is a typo, not a choice.
  if (!isAddress(text, { strict: true })) {
    fail(variable, text, "an EVM address with a valid checksum (or all lower case)");
  }
  return getAddress(text);
}

function parseAsset(network: string, get: (name: string) => string | undefined): PaymentAsset {
  const known = KNOWN_USDC[network];
  const addressText = get("X402_ASSET");
  const decimalsText = get("X402_ASSET_DECIMALS");
  const address = addressText === undefined ? undefined : parseAddress("X402_ASSET", addressText);
  if (address === undefined || address === known?.address) {
    if (known === undefined) {
      fail(
        "X402_ASSET",
        "",
        `a token address: ${network} has no default asset (only eip155:8453 and eip155:84532)`,
      );
    }
    return {
      ...known,
      name: get("X402_ASSET_NAME") ?? known.name,
      version: get("X402_ASSET_VERSION") ?? known.version,
    };
  }
  const name = get("X402_ASSET_NAME");
  const version = get("X402_ASSET_VERSION");
  if (name === undefined) fail("X402_ASSET_NAME", "", `the EIP-712 domain name of ${address}`);
  if (version === undefined) fail("X402_ASSET_VERSION", "", `the EIP-712 domain version of ${address}`);
  const decimals = parseInteger("X402_ASSET_DECIMALS", decimalsText ?? "6", 0, 18);
  return { address, name, version, decimals, symbol: name };
}

function parseInteger(variable: string, text: string, min: number, max: number): number {
  const value = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max)) fail(variable, text, `an integer from ${min} to ${max}`);
  return value;
}
