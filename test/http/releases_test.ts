/**
 * Two GPC releases built from real data (the embedded v20241202 excerpt and a derived next release that
 * retitles one brick, retires one the mapping table and the lexicon name, and adds one) served side by side
 * by the real handler over the opened dist: pinned and default answers differ exactly as the diff says.
 */
import assert from "node:assert/strict";
import * as v from "npm:valibot@1.5.0";
import { buildDist } from "../../build/build_dist.ts";
import { recordingProgress } from "../../build/progress.ts";
import { readConfig } from "../../src/config.ts";
import { createHandler } from "../../src/http/handler.ts";
import { releasesResponseSchema } from "../../src/contract/releases_schema.ts";
import { createLog } from "../../src/log/request_log.ts";
import { MemoryStateStore } from "../../src/state/memory_state_store.ts";
import { openStore } from "../../src/store/store.ts";
import { type GateMode, RecordingGate } from "../support/recording_gate.ts";
import { tempDir } from "../support/temp_dir.ts";
import {
  CURATED_RELEASE,
  dataWithNextRelease,
  EXCERPT,
  NEXT_RELEASE,
  nextReleaseXml,
  RETIRED,
  RETITLED,
} from "../support/next_release.ts";

const out = await tempDir("releases-dist-");
const build = await buildDist(
  await dataWithNextRelease(["browse", "mappings", "lexicon"]),
  out,
  recordingProgress(),
);
const store = openStore(out, { mode: "read" });
globalThis.addEventListener("unload", () => store.close());
const [nextEntry, curatedEntry] = build.manifest.releases;

function handlerWith(mode: GateMode) {
  const gate = new RecordingGate(mode);
  const handle = createHandler({
    config: readConfig({ RATE_LIMIT: "off", PAYMENTS: "off" }),
    store,
    gate,
    state: new MemoryStateStore(),
    log: createLog("error", () => {}),
  });
  const get = (path: string, headers: Record<string, string> = {}) =>
    handle(new Request(`http://gpc.test${path}`, { headers }), { remoteAddr: { hostname: "192.0.2.10" } });
  return { gate, get };
}

const { get } = handlerWith("free");
const pinned = { "X-GPC-Release": CURATED_RELEASE };

/** The brick codes of a publication's XML, in file order. */
function brickCodes(xml: string): string[] {
  return [...xml.matchAll(/<brick code="(\d{8})"/g)].map((match) => match[1]!);
}

type BrickResult = {
  gpc_code: string;
  gpc: { title: string } | null;
  attributes: unknown[];
  attribute_schema: { state: string; release: string | null } | null;
};

/** brick-attributes of every code, 100 per request, as one release answers them. */
async function bricksAsAnswered(codes: readonly string[], headers: Record<string, string>) {
  const results = new Map<string, BrickResult>();
  for (let i = 0; i < codes.length; i += 100) {
    const response = await get(`/v1/reference/brick-attributes?gpc_code=${codes.slice(i, i + 100)}`, headers);
    assert.equal(response.status, 200);
    const body = await response.json();
    for (const result of body.results as BrickResult[]) results.set(result.gpc_code, result);
  }
  return results;
}

Deno.test("GET /v1/public/releases lists the served releases, newest first and default, with counts and changes", async () => {
  const response = await get("/v1/public/releases");
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("Cache-Control"), "public, max-age=60");
  const body = v.parse(releasesResponseSchema, await response.json());
  assert.equal(body.default_release, NEXT_RELEASE);
  assert.deepEqual(
    body.releases.map((r) => [r.gpc_release, r.default, r.map_version, r.counts, r.changes]),
    [
      [NEXT_RELEASE, true, nextEntry!.map_version, nextEntry!.counts, nextEntry!.changes],
      [CURATED_RELEASE, false, curatedEntry!.map_version, curatedEntry!.counts, null],
    ],
  );
  assert.deepEqual(body.releases[0]!.changes?.bricks, {
    added: ["10009990"],
    removed: [RETIRED.code],
    moved: [],
    retitled: [RETITLED.code],
  });
  const again = await get("/v1/public/releases", { "If-None-Match": response.headers.get("ETag")! });
  assert.equal(again.status, 304);
  const bad = await get("/v1/public/releases?release=v20241202");
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error.code, "INVALID_PARAMS");
});

Deno.test("pinned and default brick-attributes answers differ exactly as the release diff says", async () => {
  const excerpt = await Deno.readTextFile(EXCERPT);
  const codes = [...new Set([...brickCodes(excerpt), ...brickCodes(nextReleaseXml(excerpt))])];
  assert.equal(codes.length, 131);
  const older = await bricksAsAnswered(codes, pinned);
  const newer = await bricksAsAnswered(codes, {});
  const changes = (await (await get("/v1/public/releases")).json()).releases[0].changes.bricks;
  // Each release publishes its own attributes: the schema's source names it, and nothing else differs.
  const content = (answer: BrickResult | undefined) => JSON.stringify([answer?.gpc, answer?.attributes]);
  const differing = codes.filter((code) => content(older.get(code)) !== content(newer.get(code)));
  for (const [answers, release] of [[older, CURATED_RELEASE], [newer, NEXT_RELEASE]] as const) {
    for (const answer of answers.values()) {
      assert.deepEqual(answer.attribute_schema, answer.gpc === null ? null : { state: "published", release });
    }
  }
  assert.deepEqual(
    new Set(differing),
    new Set([...changes.added, ...changes.removed, ...changes.retitled, ...changes.moved]),
  );
  for (const code of changes.added) {
    assert.deepEqual([older.get(code)!.gpc, newer.get(code)!.gpc !== null], [null, true]);
  }
  for (const code of changes.removed) {
    assert.deepEqual([older.get(code)!.gpc !== null, newer.get(code)!.gpc], [true, null]);
  }
  for (const code of changes.retitled) {
    assert.deepEqual([older.get(code)!.gpc!.title, newer.get(code)!.gpc!.title], [
      RETITLED.from,
      RETITLED.to,
    ]);
    assert.deepEqual(older.get(code)!.attributes, newer.get(code)!.attributes);
  }
});

Deno.test("every versioned answer says which release and map version answered it", async () => {
  for (const [headers, entry] of [[{}, nextEntry!], [pinned, curatedEntry!]] as const) {
    const response = await get(`/v1/reference/brick-attributes?gpc_code=${RETITLED.code}`, headers);
    assert.deepEqual(
      [response.headers.get("X-GPC-Release"), response.headers.get("X-Map-Version")],
      [entry.gpc_release, entry.map_version],
    );
    assert.equal((await response.json()).gpc_release, entry.gpc_release);
  }
});

Deno.test("a browse node mapped to the retired brick answers stale by default and its curated row when pinned", async () => {
  const path = `/v1/reference/classify?browse_id=${RETIRED.browseId}`;
  const fields = (body: { results: Record<string, unknown>[] }) => {
    const { gpc, ...rest } = body.results[0]!;
    return { code: (gpc as { code: string } | null)?.code ?? null, ...rest };
  };
  assert.deepEqual(fields(await (await get(path)).json()), {
    code: "50192400",
    browse_id: RETIRED.browseId,
    match_precision: "narrowerThan",
    match_source: "inherited",
    inherited_from: "16320071",
    assurance_state: "stale",
    attribute_count: 0,
    attribute_schema: null,
  });
  assert.deepEqual(fields(await (await get(path, pinned)).json()), {
    code: RETIRED.code,
    browse_id: RETIRED.browseId,
    match_precision: "exactMatch",
    match_source: "self",
    inherited_from: null,
    assurance_state: "verified",
    attribute_count: 4,
    attribute_schema: "published",
  });
});

Deno.test("a phrase naming the retired brick answers blank by default and its brick when pinned", async () => {
  const codesOf = async (response: Response) =>
    ((await response.json()).results as { q: string; gpc: { code: string; title: string }[] }[])
      .map((result) => [result.q, result.gpc.map((node) => `${node.code} ${node.title}`)]);
  const path = "/v1/reference/classify?q=honey,bread";
  assert.deepEqual(await codesOf(await get(path)), [
    ["honey", []],
    ["bread", ["10000163 Bread (Frozen)", `10000164 ${RETITLED.to}`, "10000165 Bread (Shelf Stable)"]],
  ]);
  assert.deepEqual(await codesOf(await get(path, pinned)), [
    ["honey", [`${RETIRED.code} ${RETIRED.title}`]],
    ["bread", ["10000163 Bread (Frozen)", `10000164 ${RETITLED.from}`, "10000165 Bread (Shelf Stable)"]],
  ]);
  const alone = await get("/v1/reference/classify?q=honey");
  assert.deepEqual([alone.status, (await alone.json()).error.code], [404, "NO_RESULTS"]);
});

Deno.test("an X-GPC-Release the dist does not serve is 400 listing the served ones, before any challenge", async () => {
  for (const value of ["v20190101", "", "V20241202", "v20241202, v20250601"]) {
    const { gate, get: challenged } = handlerWith("challenge");
    const response = await challenged("/v1/reference/classify?browse_id=16318751", {
      "X-GPC-Release": value,
    });
    assert.equal(response.status, 400, value);
    const body = await response.json();
    assert.deepEqual(
      [body.error.code, body.error.details.served_releases, body.error.details.issues[0].parameter],
      ["INVALID_PARAMS", [NEXT_RELEASE, CURATED_RELEASE], "X-GPC-Release"],
    );
    assert.equal(response.headers.get("PAYMENT-REQUIRED"), null);
    assert.equal(response.headers.get("X-GPC-Release"), NEXT_RELEASE);
    assert.equal(gate.admitted.length, 0);
  }
  const { get: challenged } = handlerWith("challenge");
  const asked = await challenged(`/v1/reference/brick-attributes?gpc_code=${RETIRED.code}`, pinned);
  assert.deepEqual([asked.status, asked.headers.get("X-GPC-Release")], [402, CURATED_RELEASE]);
});

Deno.test("paths that are not version-pinned ignore X-GPC-Release", async () => {
  for (const path of ["/healthz", "/v1/public/releases", "/openapi.json"]) {
    const response = await get(path, { "X-GPC-Release": "v19990101" });
    assert.equal(response.status, 200, path);
    await response.body?.cancel();
  }
  const health = await (await get("/healthz")).json();
  assert.equal(health.gpc_release, NEXT_RELEASE);
});

Deno.test("the OpenAPI document publishes X-GPC-Release, an enum of the served releases, and the releases path", async () => {
  const doc = await (await get("/openapi.json")).json();
  for (const path of ["/v1/reference/classify", "/v1/reference/brick-attributes"]) {
    const header = doc.paths[path].get.parameters.find((p: { name: string }) => p.name === "X-GPC-Release");
    // Exactly the served releases, newest first.
    assert.deepEqual([header.in, header.required, header.schema], ["header", false, {
      type: "string",
      enum: [NEXT_RELEASE, CURATED_RELEASE],
    }]);
  }
  assert.deepEqual(
    doc.paths["/v1/public/releases"].get.responses["200"].content["application/json"].schema,
    { $ref: "#/components/schemas/ReleasesResponse" },
  );
  assert.deepEqual(Object.keys(doc.components.schemas.ReleasesResponse.properties), [
    "default_release",
    "releases",
  ]);
});
