/**
 * The bodies the HTTP pipeline writes itself, as valibot schemas: problem documents, the stats error body, the
 * health and readiness bodies and the x402 PaymentRequired of a 402. The OpenAPI document and the MCP tools'
 * output schemas publish them and the handler tests check answers against them.
 */
import * as v from "npm:valibot@1.5.0";

const errorMember = v.strictObject({
  code: v.string(),
  message: v.string(),
  details: v.record(v.string(), v.unknown()),
});

/** An RFC 9457 problem document with the `error` extension member (other extension members allowed). */
export const problemSchema = v.object({
  type: v.string(),
  title: v.string(),
  status: v.pipe(v.number(), v.integer()),
  detail: v.optional(v.string()),
  instance: v.optional(v.string()),
  error: v.optional(errorMember),
});

/** The stats endpoint's error body. */
export const statsErrorSchema = v.strictObject({ error: errorMember });

/** The health body. */
export const healthSchema = v.strictObject({
  status: v.picklist(["ok", "unavailable"]),
  gpc_release: v.string(),
  schema_version: v.string(),
  map_version: v.string(),
  /** Why the status is "unavailable"; absent when ok. */
  reason: v.optional(v.string()),
});

/** The readiness body: the verdict and each check by name (facilitator and state_store with payments on). */
export const readinessSchema = v.strictObject({
  status: v.picklist(["ready", "unavailable"]),
  checks: v.strictObject({
    dist: v.picklist(["ok", "verifying", "damaged", "removed"]),
    facilitator: v.optional(v.picklist(["ok", "unreachable"])),
    state_store: v.optional(v.picklist(["ok", "unreachable"])),
  }),
});

/**
 * The x402 version 2 PaymentRequired a paid request's 402 carries (PAYMENT-REQUIRED, and the structured
 * content of an MCP tool's payment result): the members a client reads to pay.
 */
export const paymentRequiredSchema = v.object({
  x402Version: v.literal(2),
  error: v.optional(v.string()),
  resource: v.object({
    url: v.string(),
    description: v.optional(v.string()),
    mimeType: v.optional(v.string()),
  }),
  accepts: v.array(v.object({
    scheme: v.string(),
    network: v.string(),
    amount: v.string(),
    asset: v.string(),
    payTo: v.string(),
    maxTimeoutSeconds: v.number(),
    extra: v.optional(v.record(v.string(), v.unknown())),
  })),
  extensions: v.optional(v.record(v.string(), v.unknown())),
});
