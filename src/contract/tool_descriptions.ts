/**
 * What an MCP tool's description says, for an agent choosing and calling it: what the operation answers (its
 * summary, the tool's own note and the operation's description), what a call costs in this deployment and how
 * it is paid (the x402 MCP transport), and which errors it answers, all free of charge.
 */
import type { Deployment } from "./openapi_answers.ts";
import type { OperationEntry, ToolEntry } from "./operation_entry.ts";

/** How a paid tool is paid, the same for every tool. */
export const MCP_PAYMENT_STEPS = "A call without payment answers isError with the x402 PaymentRequired as " +
  'structuredContent (and as JSON text); call again with the signed PaymentPayload in _meta["x402/payment"]; ' +
  'the answer carries the SettlementResponse in _meta["x402/payment-response"]. One payment buys one call.';

/** The price sentence of `entry`'s tools in `deployment`. */
export function priceSentence(entry: OperationEntry, { payment }: Deployment): string {
  if (!entry.paid) return "Free: never asks for payment.";
  const price = payment?.prices[entry.id];
  if (payment === undefined || price === undefined) return "Free in this deployment: payments are off.";
  const perItem = Number(price.per_item) > 0 ? ` plus ${price.per_item} per item` : "";
  return `Price: ${price.per_call} ${payment.currency} per call${perItem}, paid with x402 version 2 (scheme ` +
    `exact, network ${payment.network}). ${MCP_PAYMENT_STEPS}`;
}

/** The errors sentence of `entry`'s tools in `deployment`. */
export function errorsSentence(entry: OperationEntry, { payment, rateLimited }: Deployment): string {
  const body = entry.serves === "stats"
    ? "its error body { error: { code, message, details } }"
    : "the problem document (RFC 9457, error.code naming the case)";
  const notFound = entry.notFound.length === 0
    ? ""
    : `, 404 ${entry.notFound.join(" or ")} when nothing is servable`;
  const free = entry.paid && payment !== undefined
    ? ", all before any payment request and never charged"
    : "";
  return `Errors are results with isError and ${body} as structuredContent: 400 INVALID_PARAMS for an ` +
    `invalid or unknown argument${notFound}${rateLimited ? ", 429 RATE_LIMITED" : ""}${free}.`;
}

/** The description of `tool` of `entry` in `deployment`. */
export function toolDescription(entry: OperationEntry, tool: ToolEntry, deployment: Deployment): string {
  return [
    `${entry.summary}.`,
    ...(tool.note === undefined ? [] : [tool.note]),
    entry.description(deployment),
    priceSentence(entry, deployment),
    errorsSentence(entry, deployment),
  ].join(" ");
}
