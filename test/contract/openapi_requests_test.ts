/**
 * Requests derived from the OpenAPI document alone, sent to the real handler over the embedded default
 * (PAYMENTS=off): every operation's example requests (the parameters sharing an example name) are valid by
 * their schemas and answered 200; each parameter's boundaries that its schema admits (an integer's or a
 * number's minimum and maximum, every enum member, every served X-GPC-Release) are accepted, and the values
 * just past them (one more or less, a millionth past a bound, a non-member, one character too many) are
 * refused with 400; and what `x-query` says of the whole query holds (a required parameter missing, both or
 * neither of two alternatives, an unknown parameter: 400).
 */
import assert from "node:assert/strict";
import { EMBEDDED_BASE, embeddedService } from "../support/embedded_service.ts";
import { validates } from "../support/json_schema_check.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const service = await embeddedService();
const document: Json = service.openapi;

/** A query (values as the JSON the schema describes) as the service receives it. */
async function ask(path: string, query: Record<string, unknown>, headers: Record<string, string> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  const response = await service.handle(new Request(`${EMBEDDED_BASE}${path}?${search}`, { headers }));
  const body = await response.text();
  return { status: response.status, body };
}

/** The operations with parameters: path, operation, its query parameters and its named example requests. */
// The GET operations: the MCP endpoint's POST takes JSON-RPC, not a query.
const operations = Object.entries(document.paths as Record<string, Json>)
  .filter(([, item]) => item.get !== undefined)
  .map(([path, item]) => ({ path, operation: item.get }))
  .filter(({ operation }) => (operation.parameters ?? []).some((p: Json) => p.in === "query"))
  .map(({ path, operation }) => {
    const query: Json[] = operation.parameters.filter((p: Json) => p.in === "query");
    const examples = new Map<string, Record<string, unknown>>();
    for (const parameter of query) {
      for (const [name, example] of Object.entries(parameter.examples ?? {}) as [string, Json][]) {
        examples.set(name, { ...examples.get(name), [parameter.name]: example.value });
      }
    }
    return { path, operation, query, examples: [...examples] };
  });

Deno.test("the document has example requests for every operation with parameters", () => {
  assert.deepEqual(operations.map(({ path }) => path).sort(), [
    "/v1/analyst/inflation",
    "/v1/analyst/price-dispersion",
    "/v1/marketing/brand-tracker",
    "/v1/marketing/competitive-landscape",
    "/v1/marketing/share-of-shelf",
    "/v1/public/retailers",
    "/v1/reference/brick-attributes",
    "/v1/reference/classify",
    "/v1/shopper/best-price",
    "/v1/shopper/deal-finder",
    "/v1/shopper/price-drop-alert",
  ]);
  for (const { path, examples } of operations) assert.ok(examples.length > 0, `${path} has no example`);
});

/** Values just inside and just past a numeric schema's bounds. */
function numericBounds(schema: Json): { inside: number[]; outside: number[] } {
  const step = schema.type === "integer" ? 1 : 1e-6;
  const inside: number[] = [schema.maximum];
  const outside: number[] = [schema.maximum + step];
  if (schema.minimum !== undefined) {
    inside.push(schema.minimum);
    outside.push(schema.minimum - step);
  }
  if (schema.exclusiveMinimum !== undefined) {
    inside.push(schema.exclusiveMinimum + step);
    outside.push(schema.exclusiveMinimum);
  }
  return { inside, outside };
}

/** Values a parameter's schema admits at its edges, and values just past them. */
function boundaries(schema: Json, example: unknown): { inside: unknown[]; outside: unknown[] } {
  if (schema.type === "integer" || schema.type === "number") return numericBounds(schema);
  if (schema.enum !== undefined) {
    return { inside: schema.enum, outside: [`${schema.enum[0]}x`, String(schema.enum[0]).toUpperCase(), ""] };
  }
  // Free text: its example inside, one character more than maxLength and an empty value outside.
  return { inside: [example], outside: ["1".repeat(schema.maxLength + 1), ""] };
}

for (const { path, operation, query, examples } of operations) {
  const id = operation.operationId;

  Deno.test(`${id}: every example request is valid by the document and answered 200`, async () => {
    assert.ok(examples.length > 0, "no example request");
    for (const [name, values] of examples) {
      assert.ok(validates(operation["x-query"], values), `${name} is not valid by x-query`);
      for (const parameter of query) {
        if (parameter.name in values) assert.ok(validates(parameter.schema, values[parameter.name]));
      }
      const { status, body } = await ask(path, values);
      assert.equal(status, 200, `${name}: ${body.slice(0, 300)}`);
    }
  });

  Deno.test(`${id}: each parameter accepts its schema's edges and refuses values just past them`, async () => {
    for (const parameter of query) {
      // The example request that carries the parameter (classify's alternatives each have their own).
      const base = (examples.find(([, values]) => parameter.name in values) ?? examples[0]!)[1];
      const example = base[parameter.name];
      const { inside, outside } = boundaries(parameter.schema, example);
      for (const value of inside) {
        if (value === undefined) continue;
        assert.ok(validates(parameter.schema, value), `${parameter.name}=${value} should be valid`);
        const { status, body } = await ask(path, { ...base, [parameter.name]: value });
        assert.notEqual(status, 400, `${parameter.name}=${value}: ${body.slice(0, 300)}`);
        assert.ok(status < 500, `${parameter.name}=${value}: ${status}`);
      }
      for (const value of outside) {
        assert.equal(
          validates(parameter.schema, value),
          false,
          `${parameter.name}=${value} should be invalid`,
        );
        const { status, body } = await ask(path, { ...base, [parameter.name]: value });
        assert.equal(status, 400, `${parameter.name}=${value}: ${body.slice(0, 300)}`);
      }
    }
  });

  Deno.test(`${id}: the whole query is refused as x-query says: a required one missing, an unknown one`, async () => {
    const schema = operation["x-query"];
    const [, base] = examples[0]!;
    for (const name of schema.required) {
      const { [name]: _, ...without } = base;
      assert.equal(validates(schema, without), false);
      assert.equal((await ask(path, without)).status, 400, `without ${name}`);
    }
    const unknown = { ...base, unknown_parameter: "1" };
    assert.equal(validates(schema, unknown), false);
    assert.equal((await ask(path, unknown)).status, 400);
  });
}

Deno.test("classify: both or neither of its two alternatives is refused, as x-query's oneOf says, and tree only with ids", async () => {
  const classify = operations.find(({ path }) => path === "/v1/reference/classify")!;
  const schema = classify.operation["x-query"];
  assert.deepEqual(schema.oneOf, [{ required: ["browse_id"] }, { required: ["q"] }]);
  assert.deepEqual(schema.dependentRequired, { tree: ["browse_id"] });
  const both = Object.assign({}, ...classify.examples.map(([, values]) => values));
  const phrasesOfTree = { q: "bread", tree: "amazon-us" };
  for (const query of [both, {}, phrasesOfTree]) {
    assert.equal(validates(schema, query), false);
    assert.equal((await ask(classify.path, query)).status, 400, JSON.stringify(query));
  }
});

/** Values the service refuses that a looser document used to admit, by path and parameter. */
const REFUSED: [string, string, string][] = [
  ["/v1/shopper/best-price", "limit", "0"],
  ["/v1/shopper/best-price", "limit", "51"],
  ["/v1/shopper/deal-finder", "limit", "9999"],
  ["/v1/shopper/deal-finder", "min_discount", "91"],
  ["/v1/shopper/price-drop-alert", "threshold_pct", "101"],
  ["/v1/shopper/price-drop-alert", "target", "0"],
  ["/v1/shopper/price-drop-alert", "direction", "sideways"],
  ["/v1/public/retailers", "country", "xx"],
];

for (const [path, name, text] of REFUSED) {
  Deno.test(`${path}: ${name}=${text} is outside its schema, and refused`, async () => {
    const { query, examples } = operations.find((operation) => operation.path === path)!;
    const { schema } = query.find((parameter) => parameter.name === name)!;
    // The value as the JSON its schema describes: a number when the schema says a number, else the text.
    const value = schema.type === "integer" || schema.type === "number" ? Number(text) : text;
    assert.equal(validates(schema, value), false, JSON.stringify(schema));
    assert.equal((await ask(path, { ...examples[0]![1], [name]: text })).status, 400);
  });
}

Deno.test("X-GPC-Release admits exactly the served releases", async () => {
  for (
    const { path, operation, examples } of operations.filter(({ path }) => path.startsWith("/v1/reference/"))
  ) {
    const header = operation.parameters.find((p: Json) => p.name === "X-GPC-Release");
    assert.deepEqual(header.schema, { type: "string", enum: ["v20251127", "v20241202"] });
    const [, base] = examples[0]!;
    for (const release of header.schema.enum) {
      assert.equal((await ask(path, base, { "X-GPC-Release": release })).status, 200);
    }
    for (const release of ["v20250601", "V20241202", "v2024120", ""]) {
      assert.equal(validates(header.schema, release), false);
      assert.equal((await ask(path, base, { "X-GPC-Release": release })).status, 400, release);
    }
  }
});

Deno.test("the document describes the HTTP server's bare 400s: a head over 65536 bytes, more than 128 fields", () => {
  const refusal =
    "a request head over 65536 bytes or with more than 128 header fields is refused by the HTTP " +
    "server itself, before the service sees it: a bare 400 Bad Request with an empty body";
  assert.ok(document.info.description.includes(refusal), document.info.description);
  for (const { operation } of operations) {
    assert.ok(operation.responses["400"].description.includes(refusal), operation.operationId);
  }
});
