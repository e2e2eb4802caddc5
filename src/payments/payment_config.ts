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
 *
 * Without FACILITATOR_URL the service verifies and settles against an in-memory test ledger, so that mode
 * is refused on anything but Base Sepolia, and PAY_TO must be set whenever a real facilitator moves funds.
 */
import { getAddress, isAddress } from "npm:viem@2.57.20";
import {
  BRICK_ATTRIBUTES_OPERATION,
  CATALOG_OPERATIONS,
  CLASSIFY_OPERATION,
  type PriceGroup,
} from "../operation/operations.ts";

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
  /** Prices by operation name. */
  readonly prices: Readonly<Record<string, OperationPrice>>;
  /** How long a signed authorisation stays valid (the requirements' maxTimeoutSeconds). */
  readonly maxTimeoutSeconds: number;
  readonly verifyTimeoutMs: number;
  readonly settleTimeoutMs: number;
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

/** How an operation is priced: the variable of its price per call (and per item), and its default. */
export interface PriceVariables {
  readonly perCall: string;
  /** null: the operation has no per-item price. */
  readonly perItem: string | null;
  readonly default: string;
}

/** Default price per call of each catalog price group: shopper low (x402 commerce APIs charge about 0.01), marketing and analyst more. */
export const GROUP_PRICES: Readonly<Record<PriceGroup, PriceVariables>> = {
  shopper: { perCall: "PRICE_SHOPPER", perItem: null, default: "0.01" },
  marketing: { perCall: "PRICE_MARKETING", perItem: null, default: "0.05" },
  analyst: { perCall: "PRICE_ANALYST", perItem: null, default: "0.08" },
};

/** The variables that price each operation. */
export const PRICE_VARIABLES: Readonly<Record<string, PriceVariables>> = {
  [CLASSIFY_OPERATION]: { perCall: "PRICE_CLASSIFY", perItem: "PRICE_CLASSIFY_PER_ITEM", default: "0.001" },
  [BRICK_ATTRIBUTES_OPERATION]: {
    perCall: "PRICE_BRICK_ATTRIBUTES",
    perItem: "PRICE_BRICK_ATTRIBUTES_PER_ITEM",
    default: "0.001",
  },
  ...Object.fromEntries(
    Object.entries(CATALOG_OPERATIONS).map(([operation, { group }]) => [operation, GROUP_PRICES[group]]),
  ),
};

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
  const prices: Record<string, OperationPrice> = {};
  for (const [operation, variables] of Object.entries(PRICE_VARIABLES)) {
    const callName = variables.perCall;
    const perCall = parseAmount(callName, get(callName) ?? variables.default, asset.decimals);
    if (perCall === 0n) fail(callName, get(callName) ?? "", "a price above 0 (PAYMENTS=off serves free)");
    const itemName = variables.perItem;
    prices[operation] = Object.freeze({
      perCall,
      perItem: itemName === null ? 0n : parseAmount(itemName, get(itemName) ?? "0", asset.decimals),
    });
  }
  return Object.freeze({
    network,
    asset: Object.freeze(asset),
    payTo,
    facilitatorUrl,
    prices: Object.freeze(prices),
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
  });
}

/** Atomic amount of `units` in decimal text, e.g. 1500n with 6 decimals → "0.0015". */
export function formatAmount(units: bigint, decimals: number): string {
  const text = units.toString().padStart(decimals + 1, "0");
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals).replace(/0+$/, "");
  return fraction === "" ? whole : `${whole}.${fraction}`;
}

function fail(variable: string, value: string, accepted: string): never {
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

function parseUrl(text: string | undefined): string | null {
  if (text === undefined) return null;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
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

function parseAmount(variable: string, text: string, decimals: number): bigint {
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text);
  const fraction = match?.[2] ?? "";
  if (match === null || fraction.length > decimals) {
    fail(variable, text, `a decimal amount of the asset with at most ${decimals} decimal places, e.g. 0.001`);
  }
  return BigInt(match[1]! + fraction.padEnd(decimals, "0"));
}

function parseInteger(variable: string, text: string, min: number, max: number): number {
  const value = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max)) fail(variable, text, `an integer from ${min} to ${max}`);
  return value;
}
