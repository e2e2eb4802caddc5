import assert from "node:assert/strict";
import * as v from "npm:valibot@1.5.0";
import { brickAttributesResponseSchema } from "../../src/reference/response_schemas.ts";
import { problemSchema } from "../../src/contract/body_schemas.ts";
import { BRICKS, FAKE_VERSIONS } from "../support/fake_store.ts";
import { testHandler } from "../support/test_handler.ts";

const PATH = "/v1/reference/brick-attributes";

const invalid: [string, string, string, unknown][] = [
  ["brick-attributes requires gpc_code", "", "gpc_code is required", undefined],
  [
    "brick-attributes rejects a code of 7 digits",
    "gpc_code=1000015",
    'gpc_code element 1 "1000015" has 7 digits: expected exactly 8 ASCII digits',
    undefined,
  ],
  [
    "brick-attributes rejects 101 codes",
    `gpc_code=${Array.from({ length: 101 }, () => "10000155").join(",")}`,
    "gpc_code has 101 elements; at most 100 are allowed",
    undefined,
  ],
  [
    "brick-attributes rejects an unknown parameter",
    "gpc_code=10000155&lang=en",
    'unknown parameter "lang"; this operation accepts gpc_code',
    undefined,
  ],
  [
    "brick-attributes names a class code and its title",
    "gpc_code=10000155,50181700",
    'gpc_code 50181700 is a class code, not a brick: "Baking/Cooking Mixes/Supplies"',
    {
      issues: [{
        parameter: "gpc_code",
        message: 'gpc_code 50181700 is a class code, not a brick: "Baking/Cooking Mixes/Supplies"',
        value: "50181700",
        kind: "class",
        title: "Baking/Cooking Mixes/Supplies",
      }],
    },
  ],
  [
    "brick-attributes names every code that is not a brick",
    "gpc_code=50000000,50180000,20000056,30002960",
    'gpc_code 50000000 is a segment code, not a brick: "Food/Beverage"; ' +
    'gpc_code 50180000 is a family code, not a brick: "Bread/Bakery Products"; ' +
    'gpc_code 20000056 is an attribute type code, not a brick: "Diabetic Claim"; ' +
    'gpc_code 30002960 is an attribute value code, not a brick: "NO"',
    undefined,
  ],
];

for (const [name, query, message, details] of invalid) {
  Deno.test(name, async () => {
    const t = testHandler();
    const response = await t.fetch(`${PATH}?${query}`);
    assert.equal(response.status, 400);
    assert.equal(response.headers.get("content-type"), "application/problem+json");
    const problem = v.parse(problemSchema, await response.json());
    assert.equal(problem.type, "https://gpc-reference.dev/problems/invalid-params");
    assert.equal(problem.error?.code, "INVALID_PARAMS");
    assert.equal(problem.detail, message);
    if (details !== undefined) assert.deepEqual(problem.error?.details, details);
    assert.deepEqual(t.gate.admitted, []);
  });
}

const answered: [string, string, unknown[]][] = [
  [
    "brick-attributes answers a brick with its attributes and value counts",
    "gpc_code=10000155",
    [{
      gpc_code: "10000155",
      gpc: {
        code: "10000155",
        title: "Baking/Cooking Mixes (Frozen)",
        segment: "Food/Beverage",
        family: "Bread/Bakery Products",
        class: "Baking/Cooking Mixes/Supplies",
        brick: "Baking/Cooking Mixes (Frozen)",
      },
      attributes: [
        { name: "Diabetic Claim", allowed_values: ["NO", "UNIDENTIFIED", "YES"], value_count: 3 },
        { name: "If Organic", allowed_values: ["NO", "UNIDENTIFIED", "YES"], value_count: 3 },
      ],
      attribute_schema: { state: "published", release: "v20241202" },
    }],
  ],
  [
    "brick-attributes answers a brick without attributes with an empty list",
    "gpc_code=10000598",
    [{ gpc_code: "10000598", ...BRICKS["10000598"] }],
  ],
  [
    "brick-attributes answers an unknown code with gpc null in its slot, duplicates in each slot",
    "gpc_code=99999999,10000164,10000164",
    [
      { gpc_code: "99999999", gpc: null, attributes: [], attribute_schema: null },
      { gpc_code: "10000164", ...BRICKS["10000164"] },
      { gpc_code: "10000164", ...BRICKS["10000164"] },
    ],
  ],
  [
    "brick-attributes names the release a carried schema comes from",
    "gpc_code=10000163",
    [{
      gpc_code: "10000163",
      gpc: BRICKS["10000163"]!.gpc,
      attributes: [{ name: "If Sliced", allowed_values: ["NO", "UNIDENTIFIED", "YES"], value_count: 3 }],
      attribute_schema: { state: "carried", release: "v20240601" },
    }],
  ],
  [
    "brick-attributes answers a brick whose schema is unknown beside a known one, saying which is which",
    "gpc_code=10000165,10000598",
    [
      {
        gpc_code: "10000165",
        gpc: BRICKS["10000165"]!.gpc,
        attributes: [],
        attribute_schema: { state: "unknown", release: null },
      },
      {
        gpc_code: "10000598",
        gpc: BRICKS["10000598"]!.gpc,
        attributes: [],
        attribute_schema: { state: "published", release: "v20241202" },
      },
    ],
  ],
];

for (const [name, query, results] of answered) {
  Deno.test(name, async () => {
    const t = testHandler();
    const response = await t.fetch(`${PATH}?${query}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("x-gpc-release"), "v20241202");
    assert.equal(response.headers.get("x-map-version"), FAKE_VERSIONS.map_version);
    const body = v.parse(brickAttributesResponseSchema, await response.json());
    assert.deepEqual(body, { results, gpc_release: "v20241202", schema_version: "v1" });
    assert.deepEqual(t.gate.admitted, [{ operation: "getBrickAttributes", items: results.length }]);
    assert.deepEqual(t.gate.settled, [200]);
  });
}

Deno.test("brick-attributes answers 404 NO_RESULTS when no code is a known brick", async () => {
  const t = testHandler();
  const response = await t.fetch(`${PATH}?gpc_code=99999999,88888888`);
  assert.equal(response.status, 404);
  const problem = v.parse(problemSchema, await response.json());
  assert.equal(problem.error?.code, "NO_RESULTS");
  assert.equal(problem.detail, "none of the 2 gpc_code values is a brick of GPC release v20241202");
  assert.deepEqual(t.gate.admitted, []);
});

Deno.test("brick-attributes answers 404 ATTRIBUTE_SCHEMA_UNKNOWN, free, when every known brick's schema is unknown", async () => {
  const t = testHandler();
  const response = await t.fetch(`${PATH}?gpc_code=10000165,99999999,10000165`);
  assert.equal(response.status, 404);
  assert.equal(response.headers.get("payment-required"), null);
  const problem = v.parse(problemSchema, await response.json());
  assert.equal(problem.type, "https://gpc-reference.dev/problems/attribute-schema-unknown");
  assert.equal(problem.error?.code, "ATTRIBUTE_SCHEMA_UNKNOWN");
  assert.equal(
    problem.detail,
    "GPC release v20241202 was published without attribute data and no served release holds brick " +
      "10000165 unchanged: its attributes are not known (pin an older release with X-GPC-Release, see " +
      "GET /v1/public/releases)",
  );
  assert.deepEqual(problem.error?.details, {
    parameter: "gpc_code",
    gpc_release: "v20241202",
    unknown_schema: ["10000165"],
  });
  assert.deepEqual(t.gate.admitted, []);
});

Deno.test("brick-attributes abandons the payment when a brick record fails after admission", async () => {
  const t = testHandler();
  t.store.failing.add("brick:10000155");
  const response = await t.fetch(`${PATH}?gpc_code=10000155`);
  assert.equal(response.status, 500);
  assert.deepEqual(t.gate.settled, []);
  assert.equal(t.gate.abandoned, 1);
});

Deno.test("brick-attributes reads a known code's records once per store: asked again, the shards are not", async () => {
  const t = testHandler();
  const query = `${PATH}?gpc_code=10000164,99999999,10000164`;
  const first = await (await t.fetch(query)).text();
  assert.deepEqual(t.store.lookups, ["code:10000164", "code:99999999", "brick:10000164"]);
  assert.equal(await (await t.fetch(query)).text(), first);
  // An unknown code is looked up each time; a known one's record and result text are kept.
  assert.deepEqual(t.store.lookups, ["code:10000164", "code:99999999", "brick:10000164", "code:99999999"]);
  assert.deepEqual(JSON.parse(first).results.map((result: { gpc_code: string }) => result.gpc_code), [
    "10000164",
    "99999999",
    "10000164",
  ]);
});
