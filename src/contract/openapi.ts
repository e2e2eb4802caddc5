/**
 * The OpenAPI 3.1 document served at GET /openapi.json, generated from the operation list (the valibot
 * schemas that validate requests and describe answers, and the texts that say what the published interface
 * leaves open), so it cannot drift from what the service does; and from the deployment's configuration,
 * served releases and payment description, so it promises only the answers, headers and problem types this
 * deployment has (openapi_answers.ts).
 */
import { jsonSchema } from "./json_schema.ts";
import type { PaymentDescription } from "../payments/payment_setup.ts";
import type { Config } from "../config.ts";
import { healthSchema, problemSchema, readinessSchema, statsErrorSchema } from "./body_schemas.ts";
import { type Deployment, headerComponents, problemTypes } from "./openapi_answers.ts";
import { documentInfo } from "./openapi_info.ts";
import { documentPaths } from "./openapi_paths.ts";
import { OPERATION_LIST } from "./operation_list.ts";

/** The deployment a runtime configured with `config` describes. */
export function deploymentOf(
  config: Config,
  served: readonly string[],
  payment: PaymentDescription | undefined,
  trees: readonly string[],
): Deployment {
  return {
    payment,
    rateLimited: config.rateLimit !== null,
    sharedState: config.stateStore.kind === "redis",
    served,
    trees,
  };
}

/** The schemas of the document's components: every operation's 200 body and the pipeline's own bodies. */
function componentSchemas(): Record<string, unknown> {
  return {
    ...Object.fromEntries(OPERATION_LIST.map((entry) => [entry.responseName, jsonSchema(entry.response)])),
    Problem: jsonSchema(problemSchema),
    StatsError: jsonSchema(statsErrorSchema),
    Health: jsonSchema(healthSchema),
    Readiness: jsonSchema(readinessSchema),
  };
}

/**
 * The OpenAPI document for a runtime configured with `config`, serving the GPC releases `served` (newest
 * first), with payments described by `payment` (absent: payments off), and the browse trees `trees` (the
 * default first; none: the data names no tree).
 */
export function openApiDocument(
  config: Config,
  served: readonly string[],
  payment?: PaymentDescription,
  trees: readonly string[] = [],
): Record<string, unknown> {
  const deployment = deploymentOf(config, served, payment, trees);
  return {
    openapi: "3.1.0",
    info: documentInfo(config, deployment),
    paths: documentPaths(deployment),
    components: { schemas: componentSchemas(), headers: headerComponents(deployment) },
    "x-problem-types": problemTypes(deployment),
    "x-payment": payment ?? null,
  };
}

/** The OpenAPI document as JSON text. */
export function openApiJson(
  config: Config,
  served: readonly string[],
  payment?: PaymentDescription,
  trees: readonly string[] = [],
): string {
  return JSON.stringify(openApiDocument(config, served, payment, trees));
}
