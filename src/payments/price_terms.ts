/**
 * What a 402 says of the price: the sentence of the problem's `detail` ("GET /v1/reference/classify costs
 * 0.001 USDC per call", with the per-item part when the operation has one) and the facts of `error.details`.
 */
import type { PricedOperation } from "../operation/paid_work.ts";
import { formatAmount, type OperationPrice, type PaymentConfig } from "./payment_config.ts";

/** The price sentence and details of one call. */
export interface PriceTerms {
  readonly text: string;
  readonly details: Readonly<Record<string, unknown>>;
}

/** The terms of a `method` call to `path` for `operation` at `price`. */
export function priceTerms(
  method: string,
  path: string,
  price: OperationPrice,
  operation: PricedOperation,
  config: PaymentConfig,
): PriceTerms {
  const { symbol, decimals } = config.asset;
  const amount = price.perCall + price.perItem * BigInt(operation.items);
  const items = `${operation.items} item${operation.items === 1 ? "" : "s"}`;
  const text = `${method} ${path} costs ${formatAmount(price.perCall, decimals)} ${symbol} per call` +
    (price.perItem === 0n ? "" : ` plus ${formatAmount(price.perItem, decimals)} ${symbol} per item: ` +
      `${formatAmount(amount, decimals)} ${symbol} for ${items}`);
  return {
    text,
    details: {
      operation: operation.operation,
      items: operation.items,
      price: formatAmount(amount, decimals),
      currency: symbol,
      amount: amount.toString(),
      network: config.network,
      asset: config.asset.address,
      pay_to: config.payTo,
    },
  };
}
