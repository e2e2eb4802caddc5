/**
 * What each paid operation costs: the variables that price it (per call, and per item for the batch
 * operations), their defaults, and reading them into atomic units of the asset. Catalog operations are
 * priced by group: shopper low (x402 commerce APIs charge about 0.01 a call), marketing and analyst more.
 */
import {
  BRICK_ATTRIBUTES_OPERATION,
  CATALOG_OPERATIONS,
  CLASSIFY_OPERATION,
  type PriceGroup,
} from "../operation/operations.ts";
import { fail, type OperationPrice } from "./payment_config.ts";

/** How an operation is priced: the variable of its price per call (and per item), and its default. */
export interface PriceVariables {
  readonly perCall: string;
  /** null: the operation has no per-item price. */
  readonly perItem: string | null;
  readonly default: string;
}

/** Default price per call of each catalog price group. */
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

/** Reads every operation's price; a price per call of 0 is refused (PAYMENTS=off is how to serve free). */
export function readPrices(
  get: (name: string) => string | undefined,
  decimals: number,
): Readonly<Record<string, OperationPrice>> {
  const prices: Record<string, OperationPrice> = {};
  for (const [operation, variables] of Object.entries(PRICE_VARIABLES)) {
    const callName = variables.perCall;
    const perCall = parseAmount(callName, get(callName) ?? variables.default, decimals);
    if (perCall === 0n) fail(callName, get(callName) ?? "", "a price above 0 (PAYMENTS=off serves free)");
    const itemName = variables.perItem;
    prices[operation] = Object.freeze({
      perCall,
      perItem: itemName === null ? 0n : parseAmount(itemName, get(itemName) ?? "0", decimals),
    });
  }
  return Object.freeze(prices);
}

/** Atomic amount of `units` in decimal text, e.g. 1500n with 6 decimals → "0.0015". */
export function formatAmount(units: bigint, decimals: number): string {
  const text = units.toString().padStart(decimals + 1, "0");
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals).replace(/0+$/, "");
  return fraction === "" ? whole : `${whole}.${fraction}`;
}

function parseAmount(variable: string, text: string, decimals: number): bigint {
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text);
  const fraction = match?.[2] ?? "";
  if (match === null || fraction.length > decimals) {
    fail(variable, text, `a decimal amount of the asset with at most ${decimals} decimal places, e.g. 0.001`);
  }
  return BigInt(match[1]! + fraction.padEnd(decimals, "0"));
}
