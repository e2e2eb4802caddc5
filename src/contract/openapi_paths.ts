/**
 * The paths of the OpenAPI document: one path item per entry of the operation list (its parameters from its
 * query schema, its answers for the deployment, its price, its MCP tools), then the service's own paths
 * (health, readiness, this document, the page that renders it, the MCP endpoint).
 */
import type { PaymentDescription } from "../payments/payment_setup.ts";
import type { Deployment } from "./openapi_answers.ts";
import { ref } from "./openapi_answers.ts";
import { queryObject, queryParameters, releaseHeaderParam, requestHeaders } from "./openapi_parameters.ts";
import type { OperationEntry } from "./operation_entry.ts";
import { OPERATION_LIST } from "./operation_list.ts";
import { DOCS_PATH, HEALTH_PATH, MCP_PATH, OPENAPI_PATH, READY_PATH } from "./service_paths.ts";
import { MAX_MCP_BODY_BYTES } from "./mcp_tools.ts";

/** The `x-price` member of a paid operation: its decimal price per call and per item, in the asset. */
function priceOf(payment: PaymentDescription | undefined, operation: string): Record<string, unknown> {
  const price = payment?.prices[operation];
  return price === undefined ? {} : { "x-price": { ...price, currency: payment!.currency } };
}

/** The path item of one operation in `deployment`. */
export function operationPath(entry: OperationEntry, deployment: Deployment): Record<string, unknown> {
  return {
    get: {
      operationId: entry.id,
      tags: [entry.tag],
      ...(entry.paid ? priceOf(deployment.payment, entry.id) : {}),
      summary: entry.summary,
      description: entry.description(deployment),
      "x-mcp-tools": entry.tools.map((tool) => tool.name),
      ...(entry.query === undefined && !entry.paid ? {} : {
        parameters: [
          ...queryParameters(entry, deployment.trees),
          ...(entry.pinned ? [releaseHeaderParam(deployment.served)] : []),
          ...(entry.paid ? requestHeaders(deployment) : []),
        ],
      }),
      ...(entry.query === undefined ? {} : queryObject(entry.query)),
      responses: entry.responses(deployment),
    },
  };
}

const json = (name: string) => ({ "application/json": { schema: ref("schemas", name) } });

/** The service's own paths in `deployment`. */
function servicePaths({ payment, rateLimited }: Deployment): Record<string, unknown> {
  return {
    [HEALTH_PATH]: {
      get: {
        operationId: "getHealth",
        summary: "Health and data versions (not rate limited)",
        responses: {
          "200": { description: "Serving.", content: json("Health") },
          "503": { description: "The compiled data failed an integrity check.", content: json("Health") },
        },
      },
    },
    [READY_PATH]: {
      get: {
        operationId: "getReadiness",
        summary: "Readiness: whether to route traffic here (not rate limited)",
        description: "Ready when the dist is open and verified and, with payments on, the payment " +
          "facilitator has answered and the state store answers. checks names each one.",
        responses: {
          "200": { description: "Ready.", content: json("Readiness") },
          "503": { description: "Not ready; checks says which check failed.", content: json("Readiness") },
        },
      },
    },
    [OPENAPI_PATH]: {
      get: {
        operationId: "getOpenApi",
        summary: "This document",
        responses: { "200": { description: "OpenAPI 3.1 document.", content: { "application/json": {} } } },
      },
    },
    [DOCS_PATH]: {
      get: {
        operationId: "getDocs",
        summary: "This document as a page (Swagger UI, served with its files under /docs/; not rate limited)",
        responses: { "200": { description: "HTML page.", content: { "text/html": {} } } },
      },
    },
    [MCP_PATH]: {
      post: {
        operationId: "postMcp",
        summary: "The MCP endpoint (streamable HTTP, stateless): every operation as a tool",
        description: "JSON-RPC 2.0 messages of the Model Context Protocol, answered as JSON " +
          "(initialize, tools/list, tools/call, ping). Each tools/call runs the request pipeline of its " +
          "operation's GET (validation, rate limit, release pinning" +
          (payment ? ", payment), and a paid tool is paid through the x402 MCP transport" : ")") +
          ": see docs/mcp.md. Stateless: no session, no SSE stream; GET and DELETE are 405. " +
          (rateLimited
            ? "A tools/call counts against the rate limit as the request it runs; a POST without " +
              "tools/call counts as one request. "
            : "") +
          `A body over ${MAX_MCP_BODY_BYTES} bytes is 413.`,
        responses: {
          "200": { description: "The JSON-RPC answer.", content: { "application/json": {} } },
          "202": { description: "Notifications only: nothing to answer." },
          "413": { description: `The body is over ${MAX_MCP_BODY_BYTES} bytes (a JSON-RPC error).` },
        },
      },
    },
  };
}

/** Every path of the document in `deployment`. */
export function documentPaths(deployment: Deployment): Record<string, unknown> {
  return {
    ...Object.fromEntries(OPERATION_LIST.map((entry) => [entry.path, operationPath(entry, deployment)])),
    ...servicePaths(deployment),
  };
}
