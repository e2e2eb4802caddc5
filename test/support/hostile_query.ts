/**
 * fast-check arbitraries of hostile query strings, as a client could put them in a request target: raw
 * text handed to `new Request` (the URL parser percent-encodes or drops what it must, as a server's would),
 * built from pieces that broke parsers elsewhere: invalid UTF-8 (%C3%28, %FF, overlong and out-of-range
 * sequences), encoded and raw lone surrogates, NUL, CR/LF, RTL overrides, emoji, stray `%`, `+`, `;`, deep
 * brackets, repeated, unknown and empty keys and values, and values up to beyond the request-target limit,
 * mixed with the parameters each path takes and values it answers, so that valid answers are drawn too.
 */
import fc from "npm:fast-check@4.10.2";
import { MAX_REQUEST_TARGET_BYTES } from "../../src/operation/query.ts";

/** A marker put in keys and values: no response header may ever hold it. */
export const CANARY = "Zq7canaryXk";

/** Pieces inserted as they are into the raw query text. */
export const HOSTILE_PIECES: readonly string[] = [
  // Invalid UTF-8 when decoded: a broken pair, lone bytes, an encoded surrogate, overlong and too large.
  "%C3%28",
  "%FF",
  "%FE%FF",
  "%ED%A0%80",
  "%C0%AE",
  "%C0%80",
  "%F4%90%80%80",
  "%E2%82",
  // Control characters, encoded and raw (the URL parser drops raw CR, LF and tab, and encodes NUL).
  "%00",
  "%0D%0A",
  "%0D%0ASet-Cookie:%20x=1",
  "%0A",
  "\r\nX-Injected: 1",
  "\0",
  "\t",
  "%7F",
  "%1B[31m",
  // Bidirectional overrides, invisible and composed characters, emoji.
  "\u202E",
  "%E2%80%AE",
  "\u200F",
  "\uFEFF",
  "\u2028",
  "\u0085",
  "e\u0301",
  "\uFB01",
  "\u0130",
  "\u{1F600}",
  "%F0%9F%98%80",
  "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}",
  // Lone surrogates in the URL text (the parser writes U+FFFD).
  "\uD800",
  "\uDFFF",
  // Percent signs, separators and brackets.
  "%",
  "%%",
  "%2",
  "%zz",
  "%25",
  "%2C",
  "%26",
  "%3D",
  "+",
  ";",
  "&",
  "=",
  "==",
  "&&",
  ",",
  ",,",
  " ",
  "%20",
  "#",
  "?",
  "/",
  "..",
  "\\",
  "'",
  '"',
  "<script>",
  "[",
  "]",
  "[]",
  "[a][b][c][d][e][f][g][h]",
  "__proto__",
  "constructor",
  // Numbers a parser might take.
  "-1",
  "0",
  "1e309",
  "NaN",
  "Infinity",
  "0x10",
  "99999999999999999999999",
  "4.99999",
  "00000000",
  CANARY,
];

/** Value pieces a path answers, by parameter (encoded); other names take any of them. */
const PLAUSIBLE: Readonly<Record<string, readonly string[]>> = {
  browse_id: ["16318751", "18776871011", "16310211", "1"],
  q: ["bread", "olive%20oil", "kraft%20singles", "coffee", "apples", "nope"],
  gpc_code: ["10000155", "10000164", "50180000", "99999999"],
  country: ["ca", "us", "CA", "fr"],
  retailer: ["Sobeys", "No%20Frills", "Generated%20Market%20A", "nobody"],
  category: ["bread", "dairy%20%26%20eggs", "coffee", "pasta", "rice"],
  brand: ["PC", "Kraft", "nullbrook"],
  limit: ["1", "2", "50", "100", "101"],
  min_discount: ["10", "0", "99.5"],
  threshold_pct: ["5", "0"],
  target: ["4.99"],
  window: ["7d", "31d", "90d"],
  sort: ["pct", "abs", "recency"],
  direction: ["down", "up", "any"],
};
const ANY_PLAUSIBLE = [...new Set(Object.values(PLAUSIBLE).flat())];

/** A piece of text a client could send, in any of the forms above. */
function piece(name: string): fc.Arbitrary<string> {
  // Keys such as "constructor" are drawn too: only the table's own entries count.
  const plausible = Object.hasOwn(PLAUSIBLE, name) ? PLAUSIBLE[name]! : ANY_PLAUSIBLE;
  return fc.oneof(
    { arbitrary: fc.constantFrom(...plausible), weight: 4 },
    { arbitrary: fc.constantFrom(...HOSTILE_PIECES), weight: 4 },
    // Any UTF-16 text, lone surrogates included, raw or as URLSearchParams writes it.
    { arbitrary: fc.string({ unit: "binary", maxLength: 12 }), weight: 1 },
    {
      arbitrary: fc.string({ unit: "binary", maxLength: 12 }).map((s) =>
        new URLSearchParams([["", s]]).toString().slice(1)
      ),
      weight: 1,
    },
    { arbitrary: huge(), weight: 1 },
  );
}

/** A long run of one unit: up to beyond MAX_REQUEST_TARGET_BYTES once percent-encoded. */
function huge(): fc.Arbitrary<string> {
  return fc.tuple(
    fc.integer({ min: 1_000, max: MAX_REQUEST_TARGET_BYTES + 8_000 }),
    fc.constantFrom("9", "a", ",", "%FF", "%E2%80%AE", "1,", "\u{1F600}", "a%00"),
  ).map(([bytes, unit]) => unit.repeat(Math.ceil(bytes / Math.max(unit.length, 3))));
}

/** A value: zero to four pieces run together. */
function value(name: string): fc.Arbitrary<string> {
  return fc.array(piece(name), { maxLength: 4 }).map((parts) => parts.join(""));
}

/** One `key=value` (or a bare key, or a bare `=value`), its key one of `names` or anything hostile. */
function pair(names: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { arbitrary: fc.constantFrom(...(names.length > 0 ? names : ["q"])), weight: 6 },
    { arbitrary: fc.constantFrom("", "unknown", "Q", "q[]", "q[0]", "country%00", CANARY), weight: 1 },
    { arbitrary: fc.constantFrom(...HOSTILE_PIECES), weight: 1 },
  );
  return key.chain((name) =>
    fc.tuple(value(name), fc.constantFrom("=", "=", "=", "", "==")).map(([text, equals]) =>
      equals === "" ? `${name}${text}` : `${name}${equals}${text}`
    )
  );
}

/**
 * A raw query (without `?`) for a path taking `names`: either pairs drawn at random, or `valid` (a query
 * the path answers) with hostile pairs added before or after it.
 */
export function hostileQuery(names: readonly string[], valid: string): fc.Arbitrary<string> {
  const separator = fc.constantFrom("&", "&", "&", ";", "&&");
  const pairs = fc.array(fc.tuple(pair(names), separator), { maxLength: 6 }).map((list) =>
    list.map(([text, sep], i) => (i === 0 ? "" : sep) + text).join("")
  );
  return fc.oneof(
    { arbitrary: pairs, weight: 3 },
    {
      arbitrary: fc.tuple(pairs, fc.boolean()).map(([extra, first]) =>
        extra === "" ? valid : first ? `${extra}&${valid}` : `${valid}&${extra}`
      ),
      weight: 2,
    },
    { arbitrary: fc.constant(valid), weight: 1 },
  );
}
