/**
 * The free operations in the operation list: catalog statistics, the served GPC releases and a country's
 * retailers. None asks for payment; stats and releases take no parameter and honour If-None-Match.
 */
import { catalogStatsSchema } from "../catalog/stats_schema.ts";
import { retailersQuery } from "../catalog/retailers.ts";
import { retailersResponseSchema } from "../catalog/retailers_schema.ts";
import { MAX_VALUE_CHARS } from "../catalog/catalog_params.ts";
import { PROBLEM_CONTENT_TYPE } from "../operation/problem.ts";
import { SERVER_REFUSAL } from "../operation/query.ts";
import { releasesResponseSchema } from "./releases_schema.ts";
import { type Deployment, ref, statsResponses } from "./openapi_answers.ts";
import { RELEASES_PATH, RETAILERS_PATH, STATS_PATH } from "./service_paths.ts";
import type { OperationEntry } from "./operation_entry.ts";

const problemContent = { [PROBLEM_CONTENT_TYPE]: { schema: ref("schemas", "Problem") } };
const rateLimitHeader = ({ rateLimited }: Deployment) =>
  rateLimited ? { "RateLimit": ref("headers", "RateLimit") } : {};

const stats: OperationEntry = {
  id: "getCatalogStats",
  path: STATS_PATH,
  serves: "stats",
  tag: "public",
  paid: false,
  pinned: false,
  response: catalogStatsSchema,
  responseName: "CatalogStats",
  summary: "Catalog coverage and freshness statistics (free)",
  description: () =>
    "No parameters (any query parameter is 400 INVALID_PARAMS). Never asks for payment. " +
    "Errors are { error: { code, message, details } } as application/json. If-None-Match is honoured.",
  notFound: [],
  responses: statsResponses,
  examples: {},
  tools: [{ name: "get_catalog_stats", title: "Catalog coverage and freshness statistics" }],
};

const releases: OperationEntry = {
  id: "getReleases",
  path: RELEASES_PATH,
  serves: "releases",
  tag: "public",
  paid: false,
  pinned: false,
  response: releasesResponseSchema,
  responseName: "ReleasesResponse",
  summary: "The GPC releases served side by side, with their counts and changes (free)",
  description: () =>
    "No parameters (any query parameter is 400 INVALID_PARAMS). Never asks for payment. " +
    "Newest first; default_release answers requests without X-GPC-Release. Each release carries " +
    "its map version, counts (stale_mapping_rows and stale_lexicon_phrases: curated rows that no " +
    "longer hold in it) and the change summary from the next older served release. If-None-Match " +
    "is honoured.",
  notFound: [],
  responses: (deployment) => ({
    "200": {
      description: "The served releases.",
      headers: {
        "ETag": ref("headers", "ETag"),
        "Cache-Control": ref("headers", "Cache-Control"),
        "X-Request-Id": ref("headers", "X-Request-Id"),
        ...rateLimitHeader(deployment),
      },
      content: { "application/json": { schema: ref("schemas", "ReleasesResponse") } },
    },
    "304": { description: "Not modified (If-None-Match matched the ETag)." },
    "400": {
      description: `INVALID_PARAMS: a query parameter was given. Besides: ${SERVER_REFUSAL}.`,
      content: problemContent,
    },
  }),
  examples: {},
  tools: [{ name: "get_releases", title: "The GPC releases served, with their counts and changes" }],
};

const retailers: OperationEntry = {
  id: "getRetailers",
  path: RETAILERS_PATH,
  serves: "retailers",
  tag: "public",
  paid: false,
  pinned: false,
  query: retailersQuery,
  maxLength: () => MAX_VALUE_CHARS,
  response: retailersResponseSchema,
  responseName: "RetailersResponse",
  summary: "Retailers of a country with their data quality (free)",
  description: () =>
    "stale: latest observation more than thresholds.stale_after_days behind the country's; " +
    "sparse: fewer observations or a smaller share of top-level categories than the thresholds; only ok " +
    "retailers are serving-eligible. Never asks for payment.",
  notFound: ["NO_RESULTS"],
  responses: (deployment) => ({
    "200": {
      description: "The country's retailers, sorted by name.",
      headers: { "X-Request-Id": ref("headers", "X-Request-Id"), ...rateLimitHeader(deployment) },
      content: { "application/json": { schema: ref("schemas", "RetailersResponse") } },
    },
    "400": { description: `INVALID_PARAMS. Besides: ${SERVER_REFUSAL}.`, content: problemContent },
    "404": { description: "NO_RESULTS: the catalog holds no data for the country.", content: problemContent },
  }),
  examples: { country: { country: "ca" } },
  tools: [{ name: "get_retailers", title: "Retailers of a country with their data quality" }],
};

/** The free operations. */
export const PUBLIC_ENTRIES: readonly OperationEntry[] = [stats, releases, retailers];
