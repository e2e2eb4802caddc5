import assert from "node:assert/strict";
import * as v from "npm:valibot@1.5.0";
import { classifyResponseSchema } from "../../src/reference/response_schemas.ts";
import { problemSchema } from "../../src/contract/body_schemas.ts";
import { BROWSE, FAKE_VERSIONS, MISS, NODES } from "../support/fake_store.ts";
import { testHandler } from "../support/test_handler.ts";

const PATH = "/v1/reference/classify";
const ids = (count: number, id = "16318751") => Array.from({ length: count }, () => id).join(",");

async function problemOf(response: Response) {
  assert.equal(response.headers.get("content-type"), "application/problem+json");
  return v.parse(problemSchema, await response.json());
}

const invalid: [string, string, string][] = [
  ["classify rejects a request with neither browse_id nor q", "", "give one of browse_id and q"],
  [
    "classify rejects a request with both browse_id and q",
    "browse_id=1&q=bread",
    "give only one of browse_id and q, not both",
  ],
  [
    "classify rejects 101 browse ids",
    `browse_id=${ids(101)}`,
    "browse_id has 101 elements; at most 100 are allowed",
  ],
  [
    "classify rejects an id of 21 digits",
    "browse_id=123456789012345678901",
    'browse_id element 1 "123456789012345678901" has 21 digits: expected 1 to 20 ASCII digits',
  ],
  [
    "classify rejects an empty browse_id",
    "browse_id=",
    'browse_id element 1 "" is empty: expected 1 to 20 ASCII digits',
  ],
  [
    "classify rejects an empty element",
    "browse_id=1,,2",
    'browse_id element 2 "" is empty: expected 1 to 20 ASCII digits',
  ],
  [
    "classify rejects a trailing comma",
    "browse_id=1,",
    'browse_id element 2 "" is empty: expected 1 to 20 ASCII digits',
  ],
  [
    "classify rejects a leading comma",
    "browse_id=,1",
    'browse_id element 1 "" is empty: expected 1 to 20 ASCII digits',
  ],
  [
    "classify rejects a space before an id",
    "browse_id=%201",
    'browse_id element 1 " 1" holds a character other than an ASCII digit: expected 1 to 20 ASCII digits',
  ],
  [
    "classify rejects full-width digits",
    "browse_id=%EF%BC%91%EF%BC%92",
    'browse_id element 1 "１２" holds a character other than an ASCII digit: expected 1 to 20 ASCII digits',
  ],
  [
    "classify rejects a repeated parameter",
    "browse_id=1&browse_id=2",
    "browse_id is given 2 times; give it once, with comma-separated values",
  ],
  [
    "classify rejects an unknown parameter",
    "browse_id=16318751&country=us",
    'unknown parameter "country"; this operation accepts browse_id, q or tree',
  ],
  [
    "classify rejects a blank phrase",
    "q=bread,%20%20",
    'q element 2 "  " is blank: expected a phrase of 1 to 200 characters, not only white space',
  ],
  [
    "classify rejects an empty phrase",
    "q=bread,,rolls",
    'q element 2 "" is empty: expected a phrase of 1 to 200 characters, not only white space',
  ],
  [
    "classify rejects a phrase of 201 characters",
    `q=${"b".repeat(201)}`,
    `q element 1 "${
      "b".repeat(201)
    }" has 201 characters: expected a phrase of 1 to 200 characters, not only white space`,
  ],
  ["classify rejects 101 phrases", `q=${ids(101, "bread")}`, "q has 101 elements; at most 100 are allowed"],
];

for (const [name, query, message] of invalid) {
  Deno.test(name, async () => {
    const t = testHandler();
    const response = await t.fetch(`${PATH}?${query}`);
    assert.equal(response.status, 400);
    const problem = await problemOf(response);
    assert.deepEqual(problem.type, "https://gpc-reference.dev/problems/invalid-params");
    assert.equal(problem.title, "Bad Request");
    assert.equal(problem.detail, message);
    assert.equal(problem.instance, query === "" ? PATH : `${PATH}?${query}`);
    assert.equal(problem.error?.code, "INVALID_PARAMS");
    assert.equal(problem.error?.message, message);
    assert.deepEqual(t.gate.admitted, [], "a 400 never reaches the payment gate");
  });
}

Deno.test("classify lists every issue in error.details, naming the parameter of each", async () => {
  const response = await testHandler().fetch(`${PATH}?browse_id=x&q=bread`);
  const problem = await problemOf(response);
  assert.deepEqual(problem.error?.details, {
    issues: [{
      parameter: "browse_id",
      message:
        'browse_id element 1 "x" holds a character other than an ASCII digit: expected 1 to 20 ASCII digits',
    }, { message: "give only one of browse_id and q, not both" }],
  });
});

const answered: [string, string, unknown[]][] = [
  [
    "classify answers a mapped id with its own mapping",
    "browse_id=18776870011",
    [{ browse_id: "18776870011", ...BROWSE["18776870011"] }],
  ],
  [
    "classify answers an inherited mapping with the ancestor it was borrowed from",
    "browse_id=18776871011",
    [{
      browse_id: "18776871011",
      gpc: NODES["50181900"],
      match_precision: "narrowerThan",
      match_source: "inherited",
      inherited_from: "18776870011",
      assurance_state: "verified",
      attribute_count: 0,
      attribute_schema: null,
    }],
  ],
  [
    "classify answers an unknown id with gpc null in its slot",
    "browse_id=999,18776875011",
    [{ browse_id: "999", ...MISS }, { browse_id: "18776875011", ...BROWSE["18776875011"] }],
  ],
  [
    "classify answers a known but unmapped id with gpc null in its slot",
    "browse_id=16310211,16318751",
    [{ browse_id: "16310211", ...MISS }, { browse_id: "16318751", ...BROWSE["16318751"] }],
  ],
  [
    "classify answers duplicates in each of their slots",
    "browse_id=16318751,999,16318751",
    [
      { browse_id: "16318751", ...BROWSE["16318751"] },
      { browse_id: "999", ...MISS },
      { browse_id: "16318751", ...BROWSE["16318751"] },
    ],
  ],
  [
    "classify accepts an id of 20 digits",
    "browse_id=12345678901234567890,16318751",
    [{ browse_id: "12345678901234567890", ...MISS }, { browse_id: "16318751", ...BROWSE["16318751"] }],
  ],
  [
    "classify answers a phrase the lexicon carries after NFKC, case folding and space collapsing",
    "q=%20FROZEN%20%20Baking%20%EF%BD%8Dix",
    [{ q: " FROZEN  Baking ｍix", gpc: [NODES["10000155"]] }],
  ],
  [
    "classify answers a phrase the lexicon does not carry with an empty gpc list",
    "q=bread,sourdough%20starter,Bread",
    [
      { q: "bread", gpc: [NODES["10000164"], NODES["50181900"]] },
      { q: "sourdough starter", gpc: [] },
      { q: "Bread", gpc: [NODES["10000164"], NODES["50181900"]] },
    ],
  ],
];

for (const [name, query, results] of answered) {
  Deno.test(name, async () => {
    const t = testHandler();
    const response = await t.fetch(`${PATH}?${query}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "application/json");
    assert.equal(response.headers.get("x-gpc-release"), "v20241202");
    assert.equal(response.headers.get("x-map-version"), FAKE_VERSIONS.map_version);
    assert.equal(response.headers.get("x-data-freshness-hours"), null);
    const body = v.parse(classifyResponseSchema, await response.json());
    assert.deepEqual(body, { results, gpc_release: "v20241202", schema_version: "v1" });
  });
}

Deno.test("classify keeps the published field order of a browse result", async () => {
  const response = await testHandler().fetch(`${PATH}?browse_id=18776875011,1`);
  const { results } = await response.json();
  const expected = [
    "browse_id",
    "gpc",
    "match_precision",
    "match_source",
    "inherited_from",
    "assurance_state",
    "attribute_count",
    "attribute_schema",
  ];
  assert.deepEqual(Object.keys(results[0]), expected);
  assert.deepEqual(Object.keys(results[1]), expected);
});

Deno.test("classify answers 100 ids, one result each", async () => {
  const response = await testHandler().fetch(`${PATH}?browse_id=${ids(100)}`);
  assert.equal(response.status, 200);
  assert.equal((await response.json()).results.length, 100);
});

const noResults: [string, string, string][] = [
  [
    "classify answers 404 when no requested id is known",
    "browse_id=1,2",
    "none of the 2 browse_id values is a node of the browse tree",
  ],
  ["classify answers 404 for one unknown id", "browse_id=7", "browse_id 7 is not a node of the browse tree"],
  [
    "classify answers 404 when the lexicon carries no phrase",
    "q=a,b",
    "the lexicon carries none of the 2 phrases",
  ],
];

for (const [name, query, message] of noResults) {
  Deno.test(name, async () => {
    const t = testHandler();
    const response = await t.fetch(`${PATH}?${query}`);
    assert.equal(response.status, 404);
    const problem = await problemOf(response);
    assert.equal(problem.type, "https://gpc-reference.dev/problems/no-results");
    assert.equal(problem.title, "Not Found");
    assert.equal(problem.error?.code, "NO_RESULTS");
    assert.equal(problem.detail, message);
    assert.equal(response.headers.get("x-gpc-release"), "v20241202");
    assert.deepEqual(t.gate.admitted, [], "a 404 never reaches the payment gate");
  });
}

Deno.test("classify asks the gate once with the operation and item count, and settles a 200 once", async () => {
  const t = testHandler();
  const response = await t.fetch(`${PATH}?browse_id=16318751,999,18776870011`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("payment-response"), "settled");
  assert.deepEqual(t.gate.admitted, [{ operation: "classifyBrowseNodes", items: 3 }]);
  assert.deepEqual(t.gate.settled, [200]);
  assert.equal(t.gate.abandoned, 0);
});

Deno.test("classify does not decode a record twice across the payment gate", async () => {
  const t = testHandler();
  await t.fetch(`${PATH}?browse_id=999,16318751,18776870011`);
  assert.deepEqual(t.store.lookups, ["browse:999", "browse:16318751", "browse:18776870011"]);
});

Deno.test("classify keeps a known phrase's result per phrase as given: asked again, the lexicon is not", async () => {
  const t = testHandler();
  const first = await (await t.fetch(`${PATH}?q=sourdough%20starter,bread,Bread`)).text();
  assert.deepEqual(t.store.lookups, ["phrase:sourdough starter", "phrase:bread", "phrase:bread"]);
  const again = await (await t.fetch(`${PATH}?q=sourdough%20starter,bread,Bread`)).text();
  assert.equal(again, first);
  // Known phrases are kept as given ("bread" and "Bread" each once); an unknown one is looked up each time.
  assert.deepEqual(t.store.lookups, [
    "phrase:sourdough starter",
    "phrase:bread",
    "phrase:bread",
    "phrase:sourdough starter",
  ]);
  assert.deepEqual(JSON.parse(again).results.map((result: { q: string }) => result.q), [
    "sourdough starter",
    "bread",
    "Bread",
  ]);
  const single = await t.fetch(`${PATH}?q=Bread`);
  assert.deepEqual(JSON.parse(await single.text()).results, [
    { q: "Bread", gpc: [NODES["10000164"], NODES["50181900"]] },
  ]);
  assert.equal(t.store.lookups.length, 4);
});

Deno.test("classify abandons the payment and answers 500 when a lookup after admission fails", async () => {
  const t = testHandler();
  t.store.failing.add("browse:18776870011");
  const response = await t.fetch(`${PATH}?browse_id=16318751,18776870011`, {
    headers: { "X-Request-Id": "req-500" },
  });
  assert.equal(response.status, 500);
  assert.deepEqual(await response.json(), {
    type: "https://gpc-reference.dev/problems/internal",
    title: "Internal Server Error",
    status: 500,
    detail: "The server failed to answer this request; quote X-Request-Id to report it",
    instance: `${PATH}?browse_id=16318751,18776870011`,
    error: {
      code: "INTERNAL",
      message: "The server failed to answer this request; quote X-Request-Id to report it",
      details: {},
    },
  });
  assert.deepEqual(t.gate.settled, []);
  assert.equal(t.gate.abandoned, 1);
  const logged = t.logs.find((line) =>
    line.level === "error" && line.request_id === "req-500" && "stack" in line
  );
  assert.equal(logged?.message, "Error: browse shard: record 18776870011 fails its CRC-32 check");
});

Deno.test("classify passes the gate's 402 through with the version and CORS headers", async () => {
  const t = testHandler({ gate: "challenge" });
  const response = await t.fetch(`${PATH}?q=bread`, { headers: { Origin: "https://agent.example" } });
  assert.equal(response.status, 402);
  assert.equal(response.headers.get("payment-required"), "e30=");
  assert.equal(response.headers.get("x-gpc-release"), "v20241202");
  assert.equal(response.headers.get("x-map-version"), FAKE_VERSIONS.map_version);
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.deepEqual(t.gate.settled, []);
});

Deno.test("classify answers 503 without asking the gate when the store failed an integrity check", async () => {
  const t = testHandler();
  t.store.isHealthy = false;
  const response = await t.fetch(`${PATH}?browse_id=16318751`);
  assert.equal(response.status, 503);
  assert.equal((await problemOf(response)).error?.code, "UNAVAILABLE");
  assert.deepEqual(t.gate.admitted, []);
});
