/**
 * The `info` member of the OpenAPI document: what the service is, the order of its checks, and the
 * deployment's rate limit and payment facts, in words (the x-payment member carries the same as data).
 */
import type { Config } from "../config.ts";
import type { PaymentDescription } from "../payments/payment_setup.ts";
import { PROBLEM_BASE } from "../operation/problem.ts";
import { SERVER_REFUSAL } from "../operation/query.ts";
import type { Deployment } from "./openapi_answers.ts";
import { MCP_PATH } from "./service_paths.ts";

function paymentsText(payment: PaymentDescription | undefined): string {
  if (payment === undefined) {
    return "Payments: off in this deployment: every operation is served free and no answer asks for payment.";
  }
  const prices = Object.entries(payment.prices)
    .map(([operation, price]) =>
      `${operation} ${price.per_call} ${payment.currency} per call` +
      (Number(price.per_item) > 0 ? ` plus ${price.per_item} per item` : "")
    )
    .join("; ");
  return `Payments: x402 v2, scheme exact, network ${payment.network}, asset ${payment.asset.name} ` +
    `${payment.asset.address}, payTo ${payment.pay_to}, facilitator ${payment.facilitator}; ${prices}. ` +
    "The x-payment member carries the same facts as data.";
}

function rateText(config: Config): string {
  if (config.rateLimit === null) return "Rate limit: off in this deployment: no client is limited.";
  return `Rate limit of this deployment: ${config.rateLimit.text} per client (token bucket); it applies to ` +
    "classify, brick-attributes and stats, and their answers carry RateLimit and RateLimit-Policy headers.";
}

/** The document's `info` for a runtime configured with `config`, in `deployment`. */
export function documentInfo(config: Config, deployment: Deployment): Record<string, unknown> {
  const { payment } = deployment;
  const checks = [
    "route (404 NOT_FOUND, 405 METHOD_NOT_ALLOWED)",
    ...(deployment.rateLimited ? ["rate limit (429)"] : []),
    "data health (503)",
    "validation (400)",
    "unservable (404 NO_RESULTS)",
    ...(payment ? ["payment (402)"] : []),
    "work",
  ];
  return {
    title: "Product classification and catalog reference service",
    version: "1.0.0",
    description: [
      "Maps retailer browse nodes and product-type phrases to GS1 GPC, serves brick attribute schemas and",
      `catalog statistics. Order of checks: ${checks.join(" → ")}.`,
      `Problem types are URIs under ${PROBLEM_BASE} (identifiers, not pages); x-problem-types lists every`,
      "one this deployment answers with. Unknown query parameters and repeated parameters are 400;",
      `${SERVER_REFUSAL}. Each query parameter's schema admits exactly the values the service accepts`,
      "(a number's type and range, an enum, a pattern and maxLength); x-query is the JSON Schema of an",
      "operation's whole query (which parameters are required or alternatives, that no other is accepted);",
      "the parameters that share an example name form one example request, which the embedded default",
      "answers 200. HEAD",
      "answers exactly the headers of the same request's GET (Content-Length of its body included), without",
      payment
        ? "the body, and never spends a payment (on a paid path: the headers of the GET's 402 and challenge)."
        : "the body.",
      `Every operation is also an MCP tool at ${MCP_PATH} (x-mcp-tools names them), answered by the same`,
      "pipeline.",
      rateText(config),
      paymentsText(payment),
    ].join(" "),
  };
}
