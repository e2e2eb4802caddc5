/**
 * The bodies the HTTP pipeline writes itself, as valibot schemas: problem documents, the stats error body and
 * the health body. The OpenAPI document publishes them and the handler tests check answers against them.
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
