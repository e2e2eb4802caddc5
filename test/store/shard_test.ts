import assert from "node:assert/strict";
import { writeShard } from "../../build/dist/shard_writer.ts";
import { ShardCorruptError, ShardReader } from "../../src/store/shard_reader.ts";
import { crc32, fnv1a, H, HEADER_BYTES } from "../../src/format/shard_format.ts";

const pairs: [string, unknown][] = [
  ["10000155", { title: "Baking/Cooking Mixes (Frozen)", attribute_count: 6 }],
  ["50000000", { title: "Food/Beverage", level: "segment" }],
  ["16310211", { gpc: null, attributes: [] }],
  ["extra virgin olive oil", ["10000275"]],
  ["été", "unicode key"],
];

Deno.test("a shard finds every key's record and nothing else", () => {
  const reader = new ShardReader("t.shard", writeShard(pairs));
  assert.equal(reader.size, 5);
  for (const [key, value] of pairs) assert.deepEqual(reader.get(key), value);
  assert.equal(reader.get("10000156"), undefined);
  assert.equal(reader.get(""), undefined);
  assert.equal(reader.get("1000015"), undefined);
});

Deno.test("a shard lists its keys in byte order", () => {
  const reader = new ShardReader("t.shard", writeShard(pairs));
  assert.deepEqual([...reader.keys()], ["10000155", "16310211", "50000000", "extra virgin olive oil", "été"]);
});

Deno.test("a shard's bytes do not depend on the order of its pairs", () => {
  assert.deepEqual(writeShard(pairs), writeShard([...pairs].reverse()));
});

Deno.test("a shard refuses a duplicate key", () => {
  assert.throws(() => writeShard([["a", 1], ["a", 2]]), /duplicate shard key "a"/);
});

Deno.test("an empty shard opens and finds nothing", () => {
  const reader = new ShardReader("empty.shard", writeShard([]));
  assert.equal(reader.size, 0);
  assert.equal(reader.get("x"), undefined);
});

Deno.test("a shard with many keys finds each of them (probing across collisions)", () => {
  const many = Array.from({ length: 5000 }, (_, i) => [String(10000000 + i * 7), i] as [string, number]);
  const reader = new ShardReader("many.shard", writeShard(many));
  for (const [key, value] of many) assert.equal(reader.get(key), value);
  assert.equal(reader.get("9999999"), undefined);
});

Deno.test("a key longer than the lookup scratch buffer is still found", () => {
  const long = "x".repeat(1000);
  const reader = new ShardReader("long.shard", writeShard([[long, 1], ["y", 2]]));
  assert.equal(reader.get(long), 1);
  assert.equal(reader.get("x".repeat(999)), undefined);
});

Deno.test("ASCII and non-ASCII keys of every length around the scratch buffer are found by their bytes", () => {
  const keys = [
    "crème fraîche",
    "creme fraiche",
    "日本茶",
    "🍞 bread",
    "a".repeat(255),
    "a".repeat(256),
    "é".repeat(127),
    "é".repeat(128),
    "a".repeat(254) + "é",
  ];
  const reader = new ShardReader("keys.shard", writeShard(keys.map((key, i) => [key, i])));
  keys.forEach((key, i) => assert.equal(reader.get(key), i, key.slice(0, 20)));
  for (const absent of ["creme fraîche", "a".repeat(253), "é".repeat(129), "🍞 bread "]) {
    assert.equal(reader.get(absent), undefined, absent.slice(0, 20));
  }
});

Deno.test("CRC-32 of long ranges (computed by zlib) equals the table's, at any offset and around the switch", () => {
  const bytes = new Uint8Array(20_000).map((_, i) => (i * 2654435761) >>> 24);
  const table = (start: number, end: number) => {
    let c = 0xffffffff;
    for (let i = start; i < end; i++) {
      c ^= bytes[i]!;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return (c ^ 0xffffffff) >>> 0;
  };
  // zlib from 64 bytes on: ranges of 63, 64 and 65 bytes lie around the switch.
  for (const [start, end] of [[0, 20_000], [7, 70], [7, 71], [100, 165], [0, 4095], [1, 19_999]]) {
    assert.equal(crc32(bytes, start, end), table(start!, end!), `${start}..${end}`);
  }
});

Deno.test("FNV-1a and CRC-32 match their published check values", () => {
  assert.equal(fnv1a(new TextEncoder().encode("a")), 0xe40c292c);
  assert.equal(crc32(new TextEncoder().encode("123456789")), 0xcbf43926);
});

const corruptions: [string, (bytes: Uint8Array) => Uint8Array, RegExp][] = [
  ["a truncated shard", (b) => b.subarray(0, b.length - 3), /header checksum|length \d+ differs/],
  ["a shard shorter than its header", (b) => b.subarray(0, 10), /shorter than the header/],
  ["a shard with wrong magic bytes", (b) => flip(b, 0), /bad magic bytes/],
  ["a shard with a damaged header", (b) => flip(b, H.recordCount), /header checksum mismatch/],
  ["a shard with a damaged index", (b) => flip(b, HEADER_BYTES + 2), /index checksum mismatch/],
];

for (const [name, damage, message] of corruptions) {
  Deno.test(`${name} refuses to open with an error naming the file`, () => {
    assert.throws(
      () => new ShardReader("dist/codes.shard", damage(writeShard(pairs))),
      (error: unknown) =>
        error instanceof ShardCorruptError && error.message.startsWith("shard dist/codes.shard is corrupt") &&
        message.test(error.message),
    );
  });
}

Deno.test("a damaged record is detected when read, and other records still serve", () => {
  const bytes = writeShard(pairs);
  const damaged = flip(bytes, bytes.length - 2);
  const reader = new ShardReader("dist/codes.shard", damaged);
  assert.throws(() => reader.get("été"), /shard dist\/codes.shard is corrupt: record 4 checksum mismatch/);
  assert.deepEqual(reader.get("50000000"), { title: "Food/Beverage", level: "segment" });
  assert.throws(() => reader.verifyRecords(), /record 4 checksum mismatch/);
});

function flip(bytes: Uint8Array, at: number): Uint8Array {
  const copy = bytes.slice();
  copy[at] = copy[at]! ^ 0xff;
  return copy;
}

Deno.test("a record asked as text is made once from its decoded record, kept, and the same string after", () => {
  const reader = new ShardReader("t.shard", writeShard(pairs));
  const made: [string, unknown][] = [];
  const make = (key: string, record: unknown) => {
    made.push([key, record]);
    return `${key}=${JSON.stringify(record)}`;
  };
  assert.equal(reader.text("50000000", make), `50000000={"title":"Food/Beverage","level":"segment"}`);
  assert.equal(reader.text("50000000", make), `50000000={"title":"Food/Beverage","level":"segment"}`);
  assert.equal(reader.text("été", make), `été="unicode key"`);
  assert.deepEqual(made, [["50000000", { title: "Food/Beverage", level: "segment" }], [
    "été",
    "unicode key",
  ]]);
  assert.equal(reader.text("5000000", make), undefined);
  assert.equal(made.length, 2);
  // The record is still there for get, decoded anew.
  assert.deepEqual(reader.get("50000000"), { title: "Food/Beverage", level: "segment" });
});

Deno.test("a reader's texts are one make's: another is refused, not mixed in", () => {
  const reader = new ShardReader("t.shard", writeShard(pairs));
  reader.text("50000000", (key) => key);
  assert.throws(
    () => reader.text("10000155", (key) => `other ${key}`),
    /shard t.shard: text asked with another make/,
  );
});

Deno.test("a damaged record asked as text is detected, and no text is kept for it", () => {
  const reader = new ShardReader("dist/browse.shard", flip(writeShard(pairs), writeShard(pairs).length - 2));
  const make = (key: string) => key;
  assert.throws(
    () => reader.text("été", make),
    /shard dist\/browse.shard is corrupt: record 4 checksum mismatch/,
  );
  assert.throws(() => reader.text("été", make), /record 4 checksum mismatch/);
  assert.equal(reader.text("50000000", make), "50000000");
});

Deno.test("a reader keeps at most textsKept texts: the oldest is made again when asked again", () => {
  const reader = new ShardReader("t.shard", writeShard(pairs), 2);
  const made: string[] = [];
  const make = (key: string) => (made.push(key), key.toUpperCase());
  for (const key of ["50000000", "10000155", "50000000", "16310211", "10000155", "50000000"]) {
    reader.text(key, make);
  }
  // Kept: 50000000, 10000155; then 16310211 lets 50000000 go; 10000155 is still kept; 50000000 is made again.
  assert.deepEqual(made, ["50000000", "10000155", "16310211", "50000000"]);
  assert.equal(reader.text("50000000", make), "50000000");
});

Deno.test("texts kept by key keep a numeric key and its zero-padded twin apart", () => {
  const twins: [string, unknown][] = [["7", 1], ["07", 2], ["007", 3], ["8", 4]];
  const reader = new ShardReader("t.shard", writeShard(twins), 3);
  const made: string[] = [];
  const make = (key: string, record: number) => (made.push(key), `${key}=${record}`);
  for (let round = 0; round < 2; round++) {
    for (const key of ["7", "07", "007"]) {
      assert.equal(
        reader.text(key, make),
        `${key}=${twins.find(([k]) => k === key)![1]}`,
      );
    }
  }
  assert.deepEqual(made, ["7", "07", "007"]);
  assert.equal(reader.text("0007", make), undefined);
});

Deno.test("a shard of at most textsKept records keeps every text it made, never making one again", () => {
  const reader = new ShardReader("t.shard", writeShard(pairs), pairs.length);
  const made: string[] = [];
  const make = (key: string) => (made.push(key), `[${key}]`);
  for (let round = 0; round < 3; round++) {
    for (const [key] of pairs) assert.equal(reader.text(key, make), `[${key}]`);
  }
  assert.deepEqual(made, pairs.map(([key]) => key));
});

const digitPairs: [string, unknown][] = [
  ["0", { n: 0 }],
  ["7", { n: 7 }],
  ["16318751", { n: 16318751 }],
  ["18776870011", { n: 18776870011 }],
  ["123456789012345", { n: "15 digits" }],
  ["0123", { n: "leading zero" }],
  ["bread", { n: "a word" }],
];
const textOf = (key: string, record: { n: unknown }) => `${key}=${JSON.stringify(record.n)}`;

/** Reads each id of `source` (comma-separated digits) by textOfDigits, as a scanned batch does. */
function byDigits(reader: ShardReader, source: string): (string | undefined)[] {
  const results: (string | undefined)[] = [];
  let start = 0;
  for (const id of source.split(",")) {
    results.push(reader.textOfDigits(source, start, start + id.length, Number(id), textOf));
    start += id.length + 1;
  }
  return results;
}

for (
  const [size, textsKept] of [["a shard that keeps all its texts", undefined], ["a larger shard", 2]] as const
) {
  Deno.test(`${size} finds an id read in place from a batch's text as text() finds it`, () => {
    const reader = new ShardReader("digits.shard", writeShard(digitPairs), textsKept);
    const source = "16318751,999,18776870011,0,7,123456789012345,16318751";
    const first = byDigits(reader, source);
    assert.deepEqual(first, [
      "16318751=16318751",
      undefined,
      "18776870011=18776870011",
      "0=0",
      "7=7",
      '123456789012345="15 digits"',
      "16318751=16318751",
    ]);
    // The same kept string as text() gives, and the same again when asked again.
    assert.equal(first[2], reader.text("18776870011", textOf));
    assert.deepEqual(byDigits(reader, source), first);
    for (const [i, id] of source.split(",").entries()) assert.equal(first[i], reader.text(id, textOf));
  });
}

Deno.test("a shard that keeps all its texts finds an id's kept text by its number alone", () => {
  const reader = new ShardReader("digits.shard", writeShard(digitPairs));
  assert.equal(reader.textOfDigits("1,18776870011", 2, 13, 18776870011, textOf), "18776870011=18776870011");
  // Made once: the number finds it without reading the id's characters again.
  assert.equal(reader.textOfDigits("xxxxxxxxxxx", 0, 11, 18776870011, textOf), "18776870011=18776870011");
  // Not made yet: the id's characters are what is looked up.
  assert.equal(reader.textOfDigits("xxxxxxxxxxx", 0, 11, 12345678901, textOf), undefined);
});

Deno.test("a larger shard finds an id of at most 9 digits by its number once its text is kept", () => {
  const reader = new ShardReader("digits.shard", writeShard(digitPairs), 2);
  assert.equal(reader.textOfDigits("16318751", 0, 8, 16318751, textOf), "16318751=16318751");
  assert.equal(reader.textOfDigits("xxxxxxxx", 0, 8, 16318751, textOf), "16318751=16318751");
  // Longer ids are kept under their entry: the characters are read to find it.
  assert.equal(reader.textOfDigits("18776870011", 0, 11, 18776870011, textOf), "18776870011=18776870011");
  assert.equal(reader.textOfDigits("xxxxxxxxxxx", 0, 11, 18776870011, textOf), undefined);
  // The third text kept lets the oldest (16318751) go: not kept, its characters are what is looked up.
  assert.equal(reader.textOfDigits("7", 0, 1, 7, textOf), "7=7");
  assert.equal(reader.textOfDigits("xxxxxxxx", 0, 8, 16318751, textOf), undefined);
});

Deno.test("a larger shard keeps the text of a key that is no number by its entry, in the same bound", () => {
  const reader = new ShardReader("digits.shard", writeShard(digitPairs), 3);
  const made: string[] = [];
  const make = (key: string, record: { n: unknown }) => (made.push(key), textOf(key, record));
  for (const key of ["0123", "bread", "0123", "7", "bread", "123456789012345", "0123", "7"]) {
    assert.equal(
      reader.text(key, make),
      textOf(key, digitPairs.find(([k]) => k === key)![1] as { n: unknown }),
    );
  }
  // Kept: 0123, bread, 7 (three); 123456789012345 lets 0123 go, which is made again and lets bread go.
  assert.deepEqual(made, ["0123", "bread", "7", "123456789012345", "0123"]);
  assert.equal(reader.text("123", make), undefined);
  assert.equal(reader.text("0007", make), undefined);
});

Deno.test("a larger shard never answers a number key with the text of a key kept by its entry", () => {
  // In byte order "0", "00", "1": "00" is entry 1, and "1" is the number 1.
  const reader = new ShardReader(
    "t.shard",
    writeShard([["0", "zero"], ["00", "double zero"], ["1", "one"]]),
    2,
  );
  const make = (key: string, record: string) => `${key}=${record}`;
  assert.equal(reader.text("00", make), "00=double zero");
  assert.equal(reader.text("1", make), "1=one");
  assert.equal(reader.textOfDigits("1", 0, 1, 1, make), "1=one");
  assert.equal(reader.text("00", make), "00=double zero");
});
