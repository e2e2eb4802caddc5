/**
 * The parameters of the OpenAPI document's operations, made from the valibot schemas that validate them, so
 * that a schema admits exactly what the service accepts: each query parameter's JSON Schema (its type,
 * range, enum or pattern: json_schema.ts), the maxLength of free text (code points, which a pattern cannot
 * bound by itself), and the values of the operation's example requests that carry it (its entry's examples),
 * under each example's name. `x-query` holds the JSON Schema of the whole query, for what parameters alone
 * cannot say: which are required, which are alternatives (exactly one of browse_id and q), and that no other
 * is accepted. The request headers: X-GPC-Release (an enum of the served releases), PAYMENT-SIGNATURE and
 * X-Request-Id.
 */
import type * as v from "npm:valibot@1.5.0";
import { jsonSchema, withoutAnnotations } from "./json_schema.ts";
import { RELEASE_HEADER } from "./release_header.ts";
import type { Deployment } from "./openapi_answers.ts";
import type { OperationEntry } from "./operation_entry.ts";
import { MAX_CREDENTIAL_CHARS } from "../payments/payment_credential.ts";

type Json = Record<string, unknown>;

/**
 * The query parameter objects of an operation (none when it takes no parameter); a `tree` parameter is an
 * enum of the deployment's served `trees` when it names any.
 */
export function queryParameters(entry: OperationEntry, trees: readonly string[] = []): Json[] {
  if (entry.query === undefined) return [];
  const object = jsonSchema(entry.query);
  const properties = (object.properties ?? {}) as Record<string, Json>;
  const required = new Set((object.required ?? []) as string[]);
  const examples = Object.entries(entry.examples);
  return Object.entries(properties).map(([name, published]) => {
    const schema = name === "tree" && trees.length > 0 ? { type: "string", enum: [...trees] } : published;
    const text = schema.type === "string" && schema.enum === undefined;
    const valued = examples.filter(([, example]) => example[name] !== undefined);
    return {
      name,
      in: "query",
      required: required.has(name),
      schema: { ...schema, ...(text && entry.maxLength ? { maxLength: entry.maxLength(name) } : {}) },
      ...(valued.length === 0 ? {} : {
        examples: Object.fromEntries(
          valued.map(([example, values]) => [example, { value: typed(values[name]!, schema) }]),
        ),
      }),
    };
  });
}

/** The `x-query` member of an operation: the JSON Schema of its whole query, without annotations. */
export function queryObject(query: v.GenericSchema): Json {
  return { "x-query": withoutAnnotations(jsonSchema(query)) };
}

/** An example's text as the JSON value its parameter's schema describes (a number for a numeric one). */
function typed(text: string, schema: Json): string | number {
  return schema.type === "integer" || schema.type === "number" ? Number(text) : text;
}

/** The X-GPC-Release request header of classify and brick-attributes: one of the `served` releases. */
export function releaseHeaderParam(served: readonly string[]): Json {
  return {
    name: RELEASE_HEADER,
    in: "header",
    required: false,
    description: "Pins the answer to a served GPC release (v<YYYYMMDD>, one of GET /v1/public/releases); " +
      "absent: the default, the newest. A release this service does not serve is 400 INVALID_PARAMS " +
      "(error.details.served_releases lists the served ones), never a payment challenge. The answer's " +
      "X-GPC-Release and X-Map-Version say which release and map version answered.",
    schema: { type: "string", enum: [...served] },
  };
}

/** The request headers every operation takes in this deployment. */
export function requestHeaders({ payment }: Deployment): Json[] {
  return [
    ...(payment
      ? [{
        name: "PAYMENT-SIGNATURE",
        in: "header",
        required: false,
        description: "base64 of an x402 v2 PaymentPayload (see the 402 answer).",
        schema: { type: "string", maxLength: MAX_CREDENTIAL_CHARS },
      }]
      : []),
    {
      name: "X-Request-Id",
      in: "header",
      required: false,
      description:
        "Echoed when it is 1 to 128 of A-Z a-z 0-9 . _ : -; any other value is replaced by a UUID.",
      schema: { type: "string" },
    },
  ];
}
