/**
 * Query pools drawn deterministically (seeded) from the served dist: browse ids of the tree, phrases of the
 * lexicon, brick codes, catalog categories and product-name searches. A batch pool holds requests of 100
 * random items each, so consecutive requests ask for different sets.
 */
import { seededRandom } from "../build/catalog/seeded_random.ts";
import {
  type Manifest,
  MANIFEST_FILE,
  resolveBuildDirectory,
  type ShardName,
} from "../src/format/manifest.ts";
import { ShardReader } from "../src/store/shard_reader.ts";
import type { BrickRecord } from "../src/format/shard_records.ts";
import { searchTokens } from "../src/format/search_tokens.ts";

/** Items per batch request. */
export const BATCH = 100;

/** The keys and records of one build, read the way tools read shards (not the serving path). */
export class DistKeys {
  readonly directory: string;
  readonly #manifest: Manifest;
  readonly #readers = new Map<ShardName, ShardReader>();
  readonly #keys = new Map<ShardName, string[]>();

  constructor(distDir: string) {
    this.directory = resolveBuildDirectory(distDir);
    this.#manifest = JSON.parse(Deno.readTextFileSync(`${this.directory}/${MANIFEST_FILE}`));
  }

  /** The shard's reader. */
  reader(shard: ShardName): ShardReader {
    let reader = this.#readers.get(shard);
    if (reader === undefined) {
      // Release shards are the default (newest) release's: the one requests without X-GPC-Release get.
      const release = this.#manifest.releases[0]!.shards as Partial<Record<ShardName, { file: string }>>;
      const entry = release[shard] ??
        (this.#manifest.shards as Partial<Record<ShardName, { file: string }>>)[shard];
      const file = `${this.directory}/${entry!.file}`;
      reader = new ShardReader(file, Deno.readFileSync(file));
      this.#readers.set(shard, reader);
    }
    return reader;
  }

  /** Every key of the shard, in byte order. */
  keys(shard: ShardName): readonly string[] {
    let keys = this.#keys.get(shard);
    if (keys === undefined) {
      keys = [...this.reader(shard).keys()];
      this.#keys.set(shard, keys);
    }
    return keys;
  }
}

/** A seeded draw over lists. */
export class Draw {
  readonly #random: () => number;
  constructor(seed: number) {
    this.#random = seededRandom(seed);
  }

  /** One element at random. */
  one<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error("nothing to draw from");
    return list[Math.floor(this.#random() * list.length)]!;
  }

  /** `count` elements: a shuffled copy cycled when the list is shorter. */
  many<T>(list: readonly T[], count: number): T[] {
    if (list.length === 0) throw new Error("nothing to draw from");
    const shuffled = [...list];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(this.#random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    return Array.from({ length: count }, (_, i) => shuffled[i % shuffled.length]!);
  }
}

/**
 * A query value percent-encoded so that the URL parser leaves it as sent (encodeURIComponent keeps
 * `!'()*`, and the parser encodes `'` in a query): a replay keyed by `request.url` then finds it.
 */
export const encodeValue = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A comma-separated parameter value: each element encoded, the commas kept. */
export const commaList = (items: readonly string[]): string => items.map(encodeValue).join(",");

/** Lexicon phrases a comma-separated `q` can send as they are. */
export function phrases(keys: DistKeys): string[] {
  return keys.keys("lexicon").filter((phrase) => !phrase.includes(",") && phrase.length <= 200);
}

/**
 * The bricks whose attribute schema the default release knows (published or carried): brick-attributes
 * answers 404 ATTRIBUTE_SCHEMA_UNKNOWN for a request of only the others.
 */
export function knownBricks(keys: DistKeys): string[] {
  const reader = keys.reader("bricks");
  return keys.keys("bricks").filter((code) =>
    reader.get<BrickRecord>(code)?.attribute_schema?.state !== "unknown"
  );
}

/** The brick whose brick-attributes record is the largest (the heaviest single answer). */
export function largestBrick(keys: DistKeys): string {
  const reader = keys.reader("bricks");
  let best = "";
  let bestSize = -1;
  for (const code of knownBricks(keys)) {
    const size = JSON.stringify(reader.get(code)).length;
    if (size > bestSize) [best, bestSize] = [code, size];
  }
  return best;
}

/** Catalog category inputs with their country: the lookup shard's category keys. */
export function categories(keys: DistKeys): { country: string; category: string }[] {
  return keys.keys("catalog_lookup").flatMap((key) => {
    const match = /^(us|ca):category:(.+)$/.exec(key);
    return match ? [{ country: match[1]!, category: match[2]! }] : [];
  });
}

/** Product searches with their country: the first two search words of each priced product's name. */
export function productSearches(keys: DistKeys): { country: string; q: string }[] {
  const reader = keys.reader("shopper_products");
  return keys.keys("shopper_products").flatMap((key) => {
    const record = reader.get<{ head: string }>(key);
    const name = record === undefined ? undefined : JSON.parse(`{${record.head}}`).product as string;
    const words = name === undefined ? undefined : searchTokens(name).slice(0, 2);
    return words && words.length > 0 ? [{ country: key.slice(0, 2), q: words.join(" ") }] : [];
  });
}
