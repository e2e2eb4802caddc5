import assert from "node:assert/strict";
import * as v from "npm:valibot@1.5.0";
import { operationDiscovery, outputRef, topLevel } from "../../src/contract/operation_discovery.ts";
import { openApiDocument } from "../../src/contract/openapi.ts";
import { jsonSchema as schema } from "../../src/contract/json_schema.ts";
import { readConfig } from "../../src/config.ts";
import { CATALOG_SERVED } from "../../src/catalog/catalog_operations.ts";
import { BRICK_ATTRIBUTES_OPERATION, CLASSIFY_OPERATION } from "../../src/operation/operations.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const PUBLIC_URL = "https://gpc.example.com/api";

Deno.test("every paid operation declares discovery metadata, and nothing else does", () => {
  for (const operation of [CLASSIFY_OPERATION, BRICK_ATTRIBUTES_OPERATION, ...Object.keys(CATALOG_SERVED)]) {
    assert.notEqual(operationDiscovery(operation), undefined, operation);
  }
  for (const operation of ["getCatalogStats", "getHealth", "getOpenApi", "getDocs", "constructor", ""]) {
    assert.equal(operationDiscovery(operation), undefined, operation);
  }
});

const REFS: [string, string][] = [
  ["/v1/reference/classify", "../../openapi.json#/paths/~1v1~1reference~1classify/get/responses/200"],
  ["/v1/shopper/deal-finder", "../../openapi.json#/paths/~1v1~1shopper~1deal-finder/get/responses/200"],
  ["/v1/a~b", "../openapi.json#/paths/~1v1~1a~0b/get/responses/200"],
];
for (const [path, ref] of REFS) {
  Deno.test(`the output of ${path} is referenced as ${ref}`, () => {
    assert.equal(outputRef(path), ref);
  });
}

const TOP_LEVELS: [string, v.GenericSchema, Json][] = [
  [
    "members of every kind, nullable ones as two types",
    v.strictObject({
      a: v.string(),
      b: v.nullable(v.strictObject({ c: v.number() })),
      d: v.union([v.array(v.string()), v.array(v.number())]),
      e: v.optional(v.pipe(v.number(), v.integer())),
    }),
    {
      type: "object",
      properties: {
        a: { type: "string" },
        b: { type: ["object", "null"] },
        d: { type: "array" },
        e: {
          type: "integer",
        },
      },
      required: ["a", "b", "d"],
      additionalProperties: false,
    },
  ],
  [
    "a member without a JSON type says nothing of it",
    v.object({ any: v.unknown() }),
    { type: "object", properties: { any: {} }, required: ["any"] },
  ],
];
for (const [name, of, expected] of TOP_LEVELS) {
  Deno.test(`the top level of a schema keeps member names and types: ${name}`, () => {
    assert.deepEqual(topLevel(schema(of)), expected);
  });
}

function resolve(document: Json, pointer: string): Json {
  const at = pointer.split("/").slice(1).reduce(
    (node: Json, token) => node?.[token.replaceAll("~1", "/").replaceAll("~0", "~")],
    document,
  );
  return at?.$ref === undefined ? at : resolve(document, at.$ref.slice(1));
}

Deno.test("each documented paid operation's metadata matches /openapi.json: query, answer, reference", () => {
  const document: Json = openApiDocument(readConfig({}), ["v20241202"]);
  const declared = Object.entries(document.paths).flatMap(([path, item]: [string, Json]) =>
    item.get === undefined || operationDiscovery(item.get.operationId) === undefined ? [] : [[path, item.get]]
  ) as [string, Json][];
  assert.ok(declared.length >= 2);
  for (const [path, operation] of declared) {
    const discovery = operationDiscovery(operation.operationId)!;
    const reference = new URL(discovery.outputRef, `${PUBLIC_URL}${path}?q=x`);
    assert.equal(`${reference.origin}${reference.pathname}`, `${PUBLIC_URL}/openapi.json`);
    const ok = resolve(document, decodeURIComponent(reference.hash.slice(1)));
    assert.deepEqual(ok, resolve(document, `/paths/${path.replaceAll("/", "~1")}/get/responses/200`));
    const body = resolve({ ...document, ok }, "/ok/content/application~1json/schema");
    assert.deepEqual(discovery.output, topLevel(body), operation.operationId);
    const parameters = operation.parameters.filter((parameter: Json) => parameter.in === "query");
    const query = discovery.queryParams as Json;
    assert.deepEqual(
      Object.keys(query.properties).sort(),
      parameters.map((parameter: Json) => parameter.name).sort(),
    );
    assert.deepEqual(
      [...query.required].sort(),
      parameters.filter((parameter: Json) => parameter.required).map((parameter: Json) => parameter.name)
        .sort(),
    );
    // The same schema, but for descriptions and the maxLength the document adds (the pattern implies it).
    for (const parameter of parameters) {
      const { description: _, maxLength: _implied, ...published } = parameter.schema;
      assert.deepEqual(query.properties[parameter.name], published);
    }
  }
});
