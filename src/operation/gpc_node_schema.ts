/**
 * The GPC node as answers carry it (classify results, brick-attributes results, the `resolved` block of the
 * catalog operations), as valibot schemas for the OpenAPI document and the tests.
 */
import * as v from "npm:valibot@1.5.0";

const code8 = v.pipe(v.string(), v.regex(/^[0-9]{8}$/), v.description("An 8-digit GPC code."));
const ancestry = v.nullable(v.string());

/** A GPC node as classify answers it. */
export const gpcNodeSchema = v.strictObject({
  code: code8,
  title: v.string(),
  level: v.picklist(["brick", "class", "family", "segment"]),
  segment: ancestry,
  family: ancestry,
  class: ancestry,
  brick: ancestry,
});

/** A GPC node as brick-attributes answers it (no level). */
export const brickNodeSchema = v.strictObject({
  code: code8,
  title: v.string(),
  segment: ancestry,
  family: ancestry,
  class: ancestry,
  brick: ancestry,
});
