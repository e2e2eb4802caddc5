import assert from "node:assert/strict";
import type { LexiconRecord } from "../../src/format/shard_records.ts";
import { textHash } from "../../src/format/doorkept_map.ts";
import {
  knownPhraseText,
  phraseResults,
  ScannedPhrases,
  unknownPhraseResult,
} from "../../src/reference/phrase_results.ts";
import { FakeStore, NODES } from "../support/fake_store.ts";

/** A fake store whose lexicon is given, counting its lookups as FakeStore does. */
class LexiconStore extends FakeStore {
  constructor(readonly lexicon: Readonly<Record<string, LexiconRecord>>) {
    super();
  }
  override phrase(normalised: string): LexiconRecord | undefined {
    this.lookups.push(`phrase:${normalised}`);
    return this.lexicon[normalised];
  }
}

const BREAD = [NODES["10000164"]!, NODES["50181900"]!];
const MIX = [NODES["10000155"]!];

/** The results of a q parameter's text from `store`, as classify makes them after its first phrase. */
function resultsOf(store: LexiconStore, text: string): unknown[] {
  const phrases = new ScannedPhrases(text);
  const results = new Array<string>(phrases.count);
  phraseResults(store, phrases, 0, results);
  return results.map((result) => JSON.parse(result));
}

Deno.test("phrases are read in place: where each starts, and the hash of each plain one", () => {
  const text = 'bread,Frozen Baking Mix,a"b,x\\y,tab\there,caf\u00e9,\ud83c\udf5e,b';
  const phrases = new ScannedPhrases(text);
  const expected = [
    "bread",
    "Frozen Baking Mix",
    'a"b',
    "x\\y",
    "tab\there",
    "caf\u00e9",
    "\ud83c\udf5e",
    "b",
  ];
  assert.equal(phrases.count, 8);
  assert.deepEqual(Array.from({ length: 8 }, (_, i) => phrases.phrase(i)), expected);
  assert.deepEqual(Array.from(phrases.starts), [0, 6, 24, 28, 32, 41, 46, 49, 51]);
  // A quote, a backslash, a control character or a surrogate would be escaped by JSON (or may be): hash 0.
  const plain = [true, true, false, false, false, true, false, true];
  assert.deepEqual(
    Array.from(phrases.hashes),
    expected.map((phrase, i) => plain[i] ? textHash(phrase) | 0 : 0),
  );
});

Deno.test("an ASCII text read as bytes and a text with one other character read as characters agree", () => {
  const ascii = Array.from(
    { length: 100 },
    (_, i) => i % 7 === 0 ? `tab\t${i}` : i % 5 === 0 ? `Phrase "${i}"` : `Phrase ${i} of ${i % 13} words`,
  );
  for (const phrases of [ascii, [...ascii.slice(0, 99), "caf\u00e9"]]) {
    const scanned = new ScannedPhrases(phrases.join(","));
    assert.equal(scanned.count, 100);
    assert.deepEqual(Array.from({ length: 100 }, (_, i) => scanned.phrase(i)), phrases);
    let at = 0;
    assert.deepEqual(scanned.starts, [0, ...phrases.map((phrase) => at += phrase.length + 1)]);
    // Only phrases without a quote, a backslash or a control character are plain (68 of them here).
    assert.deepEqual(
      scanned.hashes,
      phrases.map((phrase) => /["\\\t]/.test(phrase) ? 0 : textHash(phrase) | 0),
    );
    assert.equal(scanned.hashes.filter((hash) => hash !== 0).length, 68);
  }
});

Deno.test("a phrase alone, and phrases of empty text around them, are read as the validated query holds them", () => {
  assert.deepEqual(Array.from(new ScannedPhrases("bread").starts), [0, 6]);
  const spaced = new ScannedPhrases(" bread , mix ");
  assert.deepEqual([spaced.phrase(0), spaced.phrase(1)], [" bread ", " mix "]);
});

Deno.test("a known phrase's result is kept, and a phrase JSON escapes is answered each time, never kept", () => {
  const store = new LexiconStore({ "bread": { gpc: BREAD }, 'a"b': { gpc: MIX }, "x\\y": { gpc: MIX } });
  const text = 'bread,a"b,x\\y,rye';
  const expected = [
    { q: "bread", gpc: BREAD },
    { q: 'a"b', gpc: MIX },
    { q: "x\\y", gpc: MIX },
    { q: "rye", gpc: [] },
  ];
  assert.deepEqual(resultsOf(store, text), expected);
  assert.deepEqual(resultsOf(store, text), expected);
  assert.deepEqual(store.lookups, [
    "phrase:bread",
    'phrase:a"b',
    "phrase:x\\y",
    "phrase:rye",
    'phrase:a"b',
    "phrase:x\\y",
    "phrase:rye",
  ]);
});

Deno.test("two phrases of one length and one kept hash never answer each other's result: they take turns", () => {
  // These two share FNV-1a's 30 high bits (found by trying numbers in turn), the number a text is kept under.
  const [first, second] = ["bread 127598", "bread 249787"];
  assert.equal(textHash(first) >>> 2, textHash(second) >>> 2);
  const store = new LexiconStore({ [first]: { gpc: BREAD }, [second]: { gpc: MIX } });
  const both = new ScannedPhrases(`${first},${second},${first}`);
  const answers = () => [0, 1, 2].map((i) => JSON.parse(knownPhraseText(store, both, i)!));
  const expected = [{ q: first, gpc: BREAD }, { q: second, gpc: MIX }, { q: first, gpc: BREAD }];
  assert.deepEqual(answers(), expected);
  assert.deepEqual(resultsOf(store, `${second},${first},${second}`), [expected[1], expected[0], expected[1]]);
  // Each lookup found the other phrase's text kept under the hash and went to the lexicon, but for the batch's
  // second phrase: the batch looks up every kept text first, when the first phrase's was kept.
  assert.deepEqual(store.lookups, [first, second, first, second, second].map((phrase) => `phrase:${phrase}`));
});

Deno.test("a phrase the lexicon lacks is answered with its JSON text and no bricks", () => {
  assert.equal(unknownPhraseResult('say "rye"'), '{"q":"say \\"rye\\"","gpc":[]}');
});
