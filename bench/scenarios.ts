/**
 * The hot paths the bench measures: for each, the server configuration it runs against, the status every
 * answer must have, whether the peers answer it, the ratio target it is judged by (and against which
 * replay), and its query pool. Every scenario is also judged by its p99 against the reading replay's.
 */
import {
  BATCH,
  categories,
  commaList,
  type DistKeys,
  Draw,
  encodeValue,
  knownBricks,
  largestBrick,
  phrases,
  productSearches,
} from "./pools.ts";

/**
 * Which of our servers a scenario runs against: the default configuration, access log off, payments on, the
 * rate limit on.
 */
export type OurServer = "ours" | "ours_log_off" | "ours_paid" | "ours_counted";

/**
 * The two limits of an answer, both a bare Deno.serve sending it as captured: `plain` looks the answer up
 * by the request target; `reading` first reads what every implementation of the interface must read (the
 * URL, X-Request-Id, X-GPC-Release, PAYMENT-SIGNATURE).
 */
export type Limit = "plain" | "reading";

/** The data set a figure comes from. */
export type Scale = "embedded" | "full";

/** A least ratio of our requests/s to a replay's, on the embedded data and at full scale. */
export interface Target {
  readonly against: Limit;
  readonly embedded: number;
  readonly full: number;
}

/** Every scenario: our p99 at most this many times the reading replay's. */
export const P99_LIMIT = 1.5;

const least = (against: Limit, embedded: number, full = embedded): Target => ({ against, embedded, full });

/** How many queries a pool holds. */
export interface PoolSizes {
  /** Pools of one-item requests. */
  readonly single: number;
  /** Pools of batch requests (each of BATCH random items). */
  readonly batch: number;
}

/** One measured hot path. */
export interface Scenario {
  /** The name `--only` takes. */
  readonly name: string;
  readonly label: string;
  readonly server: OurServer;
  /** The status every answer must have. */
  readonly status: 200 | 402;
  /** Whether the SQLite and JSON+Maps peers answer it. */
  readonly peers: boolean;
  /** Queries ours answers with another status are left out of the pool (and counted) instead of failing. */
  readonly filter?: boolean;
  /** The scenario whose pool this one shares (same queries against another configuration). */
  readonly poolOf?: string;
  /** The least ratio of requests/s to a replay it is judged by. */
  readonly target?: Target;
  /** The pool: request targets (path and query), drawn from the served dist. */
  pool(keys: DistKeys, draw: Draw, sizes: PoolSizes): string[];
}

const CLASSIFY = "/v1/reference/classify";
const BRICKS = "/v1/reference/brick-attributes";

const browseIds = (keys: DistKeys, draw: Draw, sizes: PoolSizes) =>
  draw.many(keys.keys("browse"), sizes.single).map((id) => `${CLASSIFY}?browse_id=${id}`);

const batches = (list: readonly string[], draw: Draw, count: number) =>
  Array.from({ length: count }, () => commaList(Array.from({ length: BATCH }, () => draw.one(list))));

/** One-category requests of a catalog operation: the lookup shard's categories with their country. */
const categoryPool = (path: string) => (keys: DistKeys, draw: Draw, sizes: PoolSizes) =>
  draw.many(categories(keys), sizes.single).map(({ country, category }) =>
    `${path}?country=${country}&category=${encodeValue(category)}`
  );

/** Every scenario, in report order. */
export const SCENARIOS: readonly Scenario[] = [
  {
    name: "classify-1",
    label: "classify, 1 id",
    server: "ours",
    status: 200,
    peers: true,
    target: least("reading", 0.85),
    pool: browseIds,
  },
  {
    name: "classify-100",
    label: "classify, 100 ids",
    server: "ours",
    status: 200,
    peers: true,
    target: least("plain", 0.50, 0.35),
    pool: (keys, draw, sizes) =>
      batches(keys.keys("browse"), draw, sizes.batch).map((ids) => `${CLASSIFY}?browse_id=${ids}`),
  },
  {
    name: "classify-100-phrases",
    label: "classify, 100 phrases",
    server: "ours",
    status: 200,
    peers: true,
    pool: (keys, draw, sizes) => batches(phrases(keys), draw, sizes.batch).map((q) => `${CLASSIFY}?q=${q}`),
  },
  {
    name: "brick-1",
    label: "brick-attributes, the largest brick",
    server: "ours",
    status: 200,
    peers: true,
    target: least("reading", 0.85),
    pool: (keys) => [`${BRICKS}?gpc_code=${largestBrick(keys)}`],
  },
  {
    name: "brick-100",
    label: "brick-attributes, 100 bricks",
    server: "ours",
    status: 200,
    peers: true,
    // At most 200 requests: at full scale an answer of 100 bricks is about a megabyte, and every answer is
    // captured and held by the replay.
    pool: (keys, draw, sizes) =>
      batches(knownBricks(keys), draw, Math.min(sizes.batch, 200)).map((codes) =>
        `${BRICKS}?gpc_code=${codes}`
      ),
  },
  {
    name: "stats",
    label: "stats",
    server: "ours",
    status: 200,
    peers: true,
    target: least("reading", 0.90),
    pool: () => ["/v1/public/stats"],
  },
  {
    name: "challenge-402",
    label: "classify 1 id, the 402 challenge",
    server: "ours_paid",
    status: 402,
    peers: false,
    target: least("reading", 0.90),
    poolOf: "classify-1",
    pool: browseIds,
  },
  {
    name: "shopper-best-price",
    label: "shopper: best-price",
    server: "ours",
    status: 200,
    peers: false,
    filter: true,
    target: least("reading", 0.70),
    pool: (keys, draw, sizes) =>
      draw.many(productSearches(keys), sizes.single).map(({ country, q }) =>
        `/v1/shopper/best-price?country=${country}&q=${encodeValue(q)}`
      ),
  },
  {
    name: "marketing-share-of-shelf",
    label: "marketing: share-of-shelf",
    server: "ours",
    status: 200,
    peers: false,
    filter: true,
    target: least("reading", 0.70),
    pool: categoryPool("/v1/marketing/share-of-shelf"),
  },
  {
    name: "analyst-inflation",
    label: "analyst: inflation",
    server: "ours",
    status: 200,
    peers: false,
    filter: true,
    target: least("reading", 0.70),
    pool: categoryPool("/v1/analyst/inflation"),
  },
  {
    name: "classify-1-log-off",
    label: "classify, 1 id, access log off",
    server: "ours_log_off",
    status: 200,
    peers: false,
    poolOf: "classify-1",
    pool: browseIds,
  },
  {
    name: "classify-1-counted",
    label: "classify, 1 id, rate limit on",
    server: "ours_counted",
    status: 200,
    peers: false,
    poolOf: "classify-1",
    pool: browseIds,
  },
];

/** The scenarios `--only` names (comma-separated), or all; an unknown name throws. */
export function selectScenarios(only: string | undefined): Scenario[] {
  if (only === undefined) return [...SCENARIOS];
  return only.split(",").map((name) => {
    const scenario = SCENARIOS.find((s) => s.name === name);
    if (!scenario) {
      throw new Error(`unknown scenario ${name}: one of ${SCENARIOS.map((s) => s.name).join(", ")}`);
    }
    return scenario;
  });
}

/** Every scenario draws from its own sequence, so `--only` gives the same pools as a full run. */
export function drawFor(scenario: Scenario, seed: number): Draw {
  let hash = seed >>> 0;
  for (const char of scenario.poolOf ?? scenario.name) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  }
  return new Draw(hash);
}
