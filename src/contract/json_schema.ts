/**
 * Valibot schemas as JSON Schema (draft 2020-12), for the OpenAPI document and the x402 discovery metadata:
 * one conversion, so that both publish what validation does.
 *
 * Query values are text, so a numeric parameter's schema is a string pipe that checks its text (a pattern)
 * and its range; it publishes its JSON type and range itself (`v.metadata`: `type`, `minimum`, `maximum`). A
 * JSON Schema `pattern` applies to strings only, so the text pattern is dropped from a node that publishes a
 * numeric type: what remains is the number and its range, which is exactly what the check accepts.
 */
import { toJsonSchema } from "npm:@valibot/to-json-schema@1.8.0";
import type * as v from "npm:valibot@1.5.0";

type Json = Record<string, unknown>;

/** The JSON Schema of a valibot schema, without its `$schema` member. */
export function jsonSchema(of: v.GenericSchema): Json {
  const { $schema: _, ...rest } = toJsonSchema(of, { target: "draft-2020-12", errorMode: "ignore" });
  return numbersAsNumbers(rest) as Json;
}

/** `node` without the text pattern of any node that publishes a numeric type, at any depth. */
function numbersAsNumbers(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(numbersAsNumbers);
  if (node === null || typeof node !== "object") return node;
  const numeric = (node as Json).type === "integer" || (node as Json).type === "number";
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !(numeric && key === "pattern"))
      .map(([key, value]) => [key, numbersAsNumbers(value)]),
  );
}

/** `node` without annotations (`description`, `examples`) at any depth: what machines check, compactly. */
export function withoutAnnotations(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutAnnotations);
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== "description" && key !== "examples")
      .map(([key, value]) => [key, withoutAnnotations(value)]),
  );
}
