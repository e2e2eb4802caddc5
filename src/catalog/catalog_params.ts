/**
 * The query parameters of the catalog operations as valibot schemas: the one definition that validates
 * every request (400 INVALID_PARAMS before any payment challenge) and that the OpenAPI document publishes.
 *
 * Every value is a single string of 1 to 200 characters, not blank; a parameter given twice or unknown to
 * the operation is refused. `country` is exactly `us` or `ca` (default `us`). A whole number is decimal
 * digits; any other number is written as a JSON number is (`10`, `12.5`, `-0`, `1.25e1`; leading zeros are
 * allowed, no spaces). Each numeric parameter publishes its JSON type and range (`v.metadata`, from the
 * same bounds its check uses), so the OpenAPI document admits exactly the values the check accepts.
 */
import * as v from "npm:valibot@1.5.0";
import { repeated, unknownParameter } from "../operation/query.ts";

/** Most characters (code points) a catalog parameter value may hold. */
export const MAX_VALUE_CHARS = 200;

const NOT_BLANK = /\S/u;
/** A number as JSON writes one (leading zeros allowed): sign, digits, fraction, an exponent of 1 to 3 digits. */
export const NUMBER_TEXT = /^-?\d{1,100}(?:\.\d{1,100})?(?:[eE][+-]?\d{1,3})?$/;
const WHOLE_NUMBER = /^\d{1,4}$/;

function tooLong(name: string): (issue: v.BaseIssue<unknown>) => string {
  return (issue) =>
    `${name} has ${[...String(issue.input)].length} characters; at most ${MAX_VALUE_CHARS} are allowed`;
}

/** A free-text parameter: 1 to 200 characters, not only white space. */
export function textParam(name: string, description: string) {
  return v.pipe(
    v.string(repeated(name)),
    v.description(description),
    v.regex(
      NOT_BLANK,
      (issue) =>
        `${name} is ${issue.input === "" ? "empty" : "blank"}: give 1 to ${MAX_VALUE_CHARS} characters`,
    ),
    // A code point is one or two UTF-16 units: the length settles most values without counting code points.
    v.check(
      (value) =>
        value.length <= MAX_VALUE_CHARS ||
        (value.length <= 2 * MAX_VALUE_CHARS && [...value].length <= MAX_VALUE_CHARS),
      tooLong(name),
    ),
  );
}

/** The countries of the catalog. */
export const COUNTRIES = ["us", "ca"] as const;

/** country: us or ca, exactly. */
export const countryParam = v.optional(
  v.pipe(
    v.string(repeated("country")),
    v.description("Country of the catalog: `us` or `ca`, lower case (default `us`)."),
    v.picklist(COUNTRIES, (issue) => `country ${JSON.stringify(issue.input)} is not one of us, ca`),
  ),
);

/** retailer: a retailer name, compared ignoring case, accents, ®/™, apostrophe style and spacing. */
export const retailerParam = v.optional(
  textParam(
    "retailer",
    "Restrict the answer to one retailer, by name (case, accents, ®/™, apostrophe style and spacing " +
      "ignored). Unknown in the country: 404 NO_RESULTS listing the known ones; not serving-eligible: 404 " +
      "RETAILER_NOT_SERVING_ELIGIBLE.",
  ),
);

/** category: a category-level query. */
export const categoryParam = textParam(
  "category",
  "A category: an 8-digit GPC code, a lexicon phrase, a GPC title, or a catalog category (full path " +
    "`Pantry > Bread` or the name of one level), matched after Unicode NFKC, case folding and white-space " +
    "collapsing, in that order.",
);

/** q: free-text product search. */
export const searchParam = textParam(
  "q",
  "Free-text search over product names and brands: every term must match (the last one by prefix).",
);

/** brand: a brand name. */
export const brandParam = textParam("brand", "A brand, compared ignoring case, accents, ®/™ and spacing.");

/** The range of a numeric parameter, as JSON Schema states it (the OpenAPI document publishes it). */
export interface NumberRange {
  readonly minimum?: number;
  readonly exclusiveMinimum?: number;
  readonly maximum: number;
}

/** Whether `value` lies in `range`. */
function inRange(value: number, range: NumberRange): boolean {
  return value <= range.maximum &&
    (range.minimum === undefined || value >= range.minimum) &&
    (range.exclusiveMinimum === undefined || value > range.exclusiveMinimum);
}

/** An optional number parameter in `range`; `bounds` says the range in words for the refusal. */
export function decimalParam(name: string, range: NumberRange, bounds: string, description: string) {
  return v.optional(
    v.pipe(
      v.string(repeated(name)),
      v.description(description),
      v.metadata({ type: "number", ...range }),
      v.regex(NUMBER_TEXT, `${name} must be a number such as 10 or 12.5`),
      // Only a well-formed value is range-checked: a malformed one gets one message, not two.
      v.check(
        (value) => !NUMBER_TEXT.test(value) || inRange(Number(value), range),
        `${name} must be ${bounds}`,
      ),
    ),
  );
}

/** An optional whole-number parameter between `min` and `max`. */
export function integerParam(name: string, min: number, max: number, description: string) {
  return v.optional(
    v.pipe(
      v.string(repeated(name)),
      v.description(description),
      v.metadata({ type: "integer", minimum: min, maximum: max }),
      v.regex(WHOLE_NUMBER, `${name} must be a whole number from ${min} to ${max}`),
      v.check(
        (value) => !WHOLE_NUMBER.test(value) || (Number(value) >= min && Number(value) <= max),
        `${name} must be a whole number from ${min} to ${max}`,
      ),
    ),
  );
}

/** An optional parameter taking one of `values`. */
export function choiceParam<const T extends string>(name: string, values: readonly T[], description: string) {
  return v.optional(
    v.pipe(
      v.string(repeated(name)),
      v.description(description),
      v.picklist(
        values,
        (issue) => `${name} ${JSON.stringify(issue.input)} is not one of ${values.join(", ")}`,
      ),
    ),
  );
}

/** A catalog query schema: `country`, `retailer` and the operation's own parameters, nothing else. */
export function catalogQuery<const E extends v.ObjectEntries>(entries: E) {
  const names = ["country", "retailer", ...Object.keys(entries)].join(", ");
  return v.strictObject(
    { country: countryParam, retailer: retailerParam, ...entries },
    unknownParameter(names),
  );
}
