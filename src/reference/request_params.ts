/**
 * The query parameters of classify and brick-attributes as valibot schemas: the one definition that validates every
 * request (400 INVALID_PARAMS) and that openapi.ts turns into the published parameter schemas.
 *
 * Every list parameter is one string of comma-separated elements matched by one regular expression, so the
 * published `pattern` is the whole rule (element syntax and the limit of 100). Messages say which element
 * broke which rule. A parameter given twice, an unknown parameter, an empty element, a space in an id, and
 * both or neither of browse_id and q are all 400.
 */
import * as v from "npm:valibot@1.5.0";
import {
  digitsProblem,
  listProblem,
  MAX_ITEMS,
  MAX_REQUEST_TARGET_BYTES,
  type Query,
  repeated,
  SERVER_REFUSAL,
  soleParameter,
  unknownParameter,
} from "../operation/query.ts";

export { MAX_ITEMS, MAX_REQUEST_TARGET_BYTES };
/** Most characters (code points) a q phrase may hold. */
export const MAX_PHRASE_CHARS = 200;
/** Most characters of each list parameter's value (decoded), as the OpenAPI document's maxLength. */
export const MAX_VALUE_CHARS = {
  browse_id: MAX_ITEMS * 21 - 1,
  q: MAX_ITEMS * (MAX_PHRASE_CHARS + 1) - 1,
  gpc_code: MAX_ITEMS * 9 - 1,
} as const;

const TARGET_RULE = `The request target (path and query as sent, percent-encoded) must be at most ` +
  `${MAX_REQUEST_TARGET_BYTES} bytes (else 400 INVALID_PARAMS); ${SERVER_REFUSAL}.`;

/** browse_id: 1 to 100 comma-separated ids of 1 to 20 ASCII digits. */
export const BROWSE_ID_PATTERN = /^[0-9]{1,20}(?:,[0-9]{1,20}){0,99}$/;
/** q: 1 to 100 comma-separated phrases, each 1 to 200 characters and not only white space. */
export const PHRASES_PATTERN = /^(?=[^,]*[^,\s])[^,]{1,200}(?:,(?=[^,]*[^,\s])[^,]{1,200}){0,99}$/u;
/** tree: a browse tree's name, 1 to 40 lower-case letters, digits and hyphens. */
export const TREE_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
/** gpc_code: 1 to 100 comma-separated codes of exactly 8 ASCII digits. */
export const GPC_CODES_PATTERN = /^[0-9]{8}(?:,[0-9]{8}){0,99}$/;

const BLANK = /^\s*$/u;

/** The browse_id parameter. */
export const browseIdParam = v.pipe(
  v.string(repeated("browse_id")),
  v.description(
    "Comma-separated browse node ids, each 1 to 20 ASCII digits, at most 100; no spaces, no empty elements.",
  ),
  v.regex(
    BROWSE_ID_PATTERN,
    listProblem("browse_id", "1 to 20 ASCII digits", digitsProblem(1, 20)),
  ),
);

/** The q parameter. */
export const phrasesParam = v.pipe(
  v.string(repeated("q")),
  v.description(
    "Comma-separated product-type phrases, at most 100, each 1 to 200 characters and not blank. " +
      "Matched after Unicode NFKC, case folding and white-space collapsing only. " + TARGET_RULE +
      " Percent-encoding takes 3 bytes per UTF-8 byte, so 100 phrases of 200 characters fit only when " +
      "most characters are unreserved ASCII (letters, digits, - . _ ~).",
  ),
  v.regex(
    PHRASES_PATTERN,
    listProblem("q", `a phrase of 1 to ${MAX_PHRASE_CHARS} characters, not only white space`, (phrase) => {
      if (BLANK.test(phrase)) return "is blank";
      const chars = [...phrase].length;
      return chars > MAX_PHRASE_CHARS ? `has ${chars} characters` : undefined;
    }),
  ),
);

/** The gpc_code parameter. */
export const gpcCodesParam = v.pipe(
  v.string(repeated("gpc_code")),
  v.description("Comma-separated GPC brick codes, each exactly 8 ASCII digits, at most 100."),
  v.regex(
    GPC_CODES_PATTERN,
    listProblem("gpc_code", "exactly 8 ASCII digits", digitsProblem(8, 8)),
  ),
);

/** The tree parameter: which browse tree classify's ids belong to. */
export const treeParam = v.pipe(
  v.string(repeated("tree")),
  v.description(
    "The browse tree the browse_id values belong to (GET /v1/public/releases lists the served trees with " +
      "their node counts, coverage and map versions); absent: the default tree. Only with browse_id. A tree " +
      "the service does not serve is 400 INVALID_PARAMS (error.details.served_trees lists them), never a " +
      "payment challenge; the answer's X-Map-Version is the chosen tree's.",
  ),
  v.regex(TREE_NAME, "tree must be 1 to 40 lower-case letters, digits and hyphens"),
);

/** The classify query: exactly one of browse_id and q; tree only with browse_id. */
export const classifyQuery = v.pipe(
  v.strictObject(
    { browse_id: v.optional(browseIdParam), q: v.optional(phrasesParam), tree: v.optional(treeParam) },
    unknownParameter("browse_id, q or tree"),
  ),
  // The checks below as JSON Schema states them, for the OpenAPI document and the discovery metadata.
  v.metadata({
    oneOf: [{ required: ["browse_id"] }, { required: ["q"] }],
    dependentRequired: { tree: ["browse_id"] },
  }),
  v.check(
    (query) => (query.browse_id === undefined) !== (query.q === undefined),
    (issue) =>
      (issue.input as { browse_id?: string }).browse_id === undefined
        ? "give one of browse_id and q"
        : "give only one of browse_id and q, not both",
  ),
  v.check(
    (query) => query.tree === undefined || query.browse_id !== undefined,
    "tree names the browse tree of browse_id; phrases (q) belong to no tree: give tree only with browse_id",
  ),
);

/** The brick-attributes query: gpc_code, required. */
export const brickAttributesQuery = v.strictObject(
  { gpc_code: gpcCodesParam },
  unknownParameter("gpc_code"),
);

/**
 * The common valid classify queries (browse_id or q alone, given once, matching its pattern), recognised
 * without the schema; anything else, valid or not, is left to the schema and its messages.
 */
export function fastClassify(query: Query): v.InferOutput<typeof classifyQuery> | undefined {
  const ids = soleParameter(query, "browse_id");
  if (ids !== undefined) return BROWSE_ID_PATTERN.test(ids) ? { browse_id: ids } : undefined;
  const q = soleParameter(query, "q");
  return q !== undefined && PHRASES_PATTERN.test(q) ? { q } : undefined;
}

/** The common valid brick-attributes query (gpc_code alone, given once, matching its pattern). */
export function fastBrickAttributes(query: Query): v.InferOutput<typeof brickAttributesQuery> | undefined {
  const codes = soleParameter(query, "gpc_code");
  return codes !== undefined && GPC_CODES_PATTERN.test(codes) ? { gpc_code: codes } : undefined;
}
