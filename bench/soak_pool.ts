/**
 * What the soak sends: a shuffled pool of mixed request targets drawn from a served build (classify by
 * browse id and by phrase, one and many, brick-attributes, stats, releases, retailers, one operation of
 * each catalog group, healthz), and the Lua that counts every answer's status and X-GPC-Release in wrk, so
 * the soak sees each status (wrk's own line counts only those of 400 and over) and the release flipping.
 */
import {
  categories,
  commaList,
  type DistKeys,
  Draw,
  encodeValue,
  knownBricks,
  phrases,
  productSearches,
} from "./pools.ts";
import { luaScript } from "./wrk.ts";

const CLASSIFY = "/v1/reference/classify";
const BRICKS = "/v1/reference/brick-attributes";

/** How often each fixed path appears in the pool (a few hundred targets in all). */
const FIXED_COPIES = 8;

/** The soak's request targets, shuffled (seeded): every kind of path the service answers for free. */
export function soakTargets(keys: DistKeys, seed: number): string[] {
  const draw = new Draw(seed);
  const browse = keys.keys("browse");
  const lexicon = phrases(keys);
  const bricks = knownBricks(keys);
  const batch = (list: readonly string[], size: number, count: number) =>
    Array.from({ length: count }, () => commaList(draw.many(list, size)));
  const category = (path: string) =>
    draw.many(categories(keys), 30).map(({ country, category }) =>
      `${path}?country=${country}&category=${encodeValue(category)}`
    );
  const fixed = [
    "/v1/public/stats",
    "/v1/public/releases",
    "/v1/public/retailers?country=us",
    "/v1/public/retailers?country=ca",
    "/healthz",
  ];
  const targets = [
    ...draw.many(browse, 100).map((id) => `${CLASSIFY}?browse_id=${id}`),
    ...batch(browse, 20, 20).map((ids) => `${CLASSIFY}?browse_id=${ids}`),
    ...draw.many(lexicon, 60).map((q) => `${CLASSIFY}?q=${encodeValue(q)}`),
    ...batch(lexicon, 10, 10).map((q) => `${CLASSIFY}?q=${q}`),
    ...draw.many(bricks, 60).map((code) => `${BRICKS}?gpc_code=${code}`),
    ...batch(bricks, 10, 10).map((codes) => `${BRICKS}?gpc_code=${codes}`),
    ...draw.many(productSearches(keys), 30).map(({ country, q }) =>
      `/v1/shopper/best-price?country=${country}&q=${encodeValue(q)}`
    ),
    ...category("/v1/marketing/share-of-shelf"),
    ...category("/v1/analyst/inflation"),
    ...fixed.flatMap((path) => Array<string>(FIXED_COPIES).fill(path)),
  ];
  return draw.many(targets, targets.length);
}

/**
 * Counting in wrk: `response()` tallies statuses and X-GPC-Release values per thread (a Lua table per
 * thread), `done()` prints them as `soak status <code> <n>` and `soak release <release> <n>` lines.
 */
const COUNTING = `
-- Appended by bench/soak_pool.ts: every answer's status and X-GPC-Release counted, printed by done().
local threads = {}
setup = function(thread) table.insert(threads, thread) end
statuses = {}
releases = {}
response = function(status, headers, body)
  local s = tostring(status)
  statuses[s] = (statuses[s] or 0) + 1
  local r = headers["X-GPC-Release"] or headers["x-gpc-release"] or "none"
  releases[r] = (releases[r] or 0) + 1
end
done = function(summary, latency, requests)
  for _, thread in ipairs(threads) do
    for k, v in pairs(thread:get("statuses")) do io.write(string.format("soak status %s %d\\n", k, v)) end
    for k, v in pairs(thread:get("releases")) do io.write(string.format("soak release %s %d\\n", k, v)) end
  end
end
`;

/** The soak's wrk script: the pool walked in turn, every answer counted. */
export function soakScript(targets: readonly string[]): string {
  return luaScript(targets) + COUNTING;
}

/** What the counting Lua printed: answers by status and by X-GPC-Release ("none" without the header). */
export interface Tally {
  readonly statuses: Record<string, number>;
  readonly releases: Record<string, number>;
}

/** Reads the `soak …` lines of wrk's output (added up over threads). */
export function parseTally(output: string): Tally {
  const statuses: Record<string, number> = {};
  const releases: Record<string, number> = {};
  for (const [, kind, key, count] of output.matchAll(/^soak (status|release) (\S+) (\d+)$/gm)) {
    const into = kind === "status" ? statuses : releases;
    into[key!] = (into[key!] ?? 0) + Number(count);
  }
  return { statuses, releases };
}
