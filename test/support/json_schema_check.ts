/**
 * A JSON Schema (draft 2020-12) check of the keywords the OpenAPI document's parameter and query schemas use:
 * type, enum, pattern, maxLength (code points), minimum, maximum, exclusiveMinimum, exclusiveMaximum,
 * properties, required, dependentRequired, additionalProperties: false and oneOf. A keyword it does not know fails loudly, so a
 * schema it cannot judge is never judged valid.
 */

// deno-lint-ignore no-explicit-any
type Json = any;

const KNOWN = new Set([
  "type",
  "enum",
  "pattern",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "properties",
  "required",
  "dependentRequired",
  "additionalProperties",
  "oneOf",
  "description",
  "examples",
]);

/** Whether `value` is valid against `schema`. */
export function validates(schema: Json, value: unknown): boolean {
  for (const key of Object.keys(schema)) {
    if (!KNOWN.has(key)) throw new Error(`the schema check does not know the keyword ${key}`);
  }
  if (schema.type !== undefined && !ofType(schema.type, value)) return false;
  if (schema.enum !== undefined && !schema.enum.includes(value)) return false;
  if (typeof value === "string") {
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) return false;
    if (schema.maxLength !== undefined && [...value].length > schema.maxLength) return false;
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return false;
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const members = value as Record<string, unknown>;
    for (const name of schema.required ?? []) if (!(name in members)) return false;
    for (const [name, needed] of Object.entries(schema.dependentRequired ?? {}) as [string, string[]][]) {
      if (name in members && needed.some((other) => !(other in members))) return false;
    }
    for (const [name, member] of Object.entries(members)) {
      const property = schema.properties?.[name];
      if (property === undefined && schema.additionalProperties === false) return false;
      if (property !== undefined && !validates(property, member)) return false;
    }
    if (schema.oneOf !== undefined) {
      const matched = schema.oneOf.filter((alternative: Json) => validates(alternative, value)).length;
      if (matched !== 1) return false;
    }
  }
  return true;
}

function ofType(type: string, value: unknown): boolean {
  if (type === "integer") return Number.isInteger(value);
  if (type === "number") return typeof value === "number" && Number.isFinite(value);
  if (type === "object") return typeof value === "object" && value !== null && !Array.isArray(value);
  if (type === "string") return typeof value === "string";
  if (type === "boolean") return typeof value === "boolean";
  throw new Error(`the schema check does not know the type ${type}`);
}
