/**
 * The reference operations in the operation list: classify (offered as two MCP tools, by browse ids and by
 * phrases) and brick-attributes, both paid and pinned to a served GPC release.
 */
import {
  brickAttributesQuery,
  classifyQuery,
  MAX_ITEMS,
  MAX_PHRASE_CHARS,
  MAX_VALUE_CHARS,
} from "../reference/request_params.ts";
import { brickAttributesResponseSchema, classifyResponseSchema } from "../reference/response_schemas.ts";
import { BRICK_ATTRIBUTES_OPERATION, CLASSIFY_OPERATION } from "../operation/operations.ts";
import { BRICK_ATTRIBUTES_ANSWERS, paidResponses, REFERENCE_ANSWERS } from "./openapi_answers.ts";
import { BRICK_ATTRIBUTES_PATH, CLASSIFY_PATH } from "./service_paths.ts";
import type { OperationEntry } from "./operation_entry.ts";

/** The most characters (code points) of a reference list parameter's decoded value (its pattern implies it). */
const maxLength = (name: string) => MAX_VALUE_CHARS[name as keyof typeof MAX_VALUE_CHARS];

/** What certain-or-blank means for classify's answers. */
export const CERTAIN_OR_BLANK = "Certain or blank: a phrase the curated lexicon does not carry answers an " +
  "empty gpc list and an id nothing maps answers gpc null, never a nearest guess.";

const classify: OperationEntry = {
  id: CLASSIFY_OPERATION,
  path: CLASSIFY_PATH,
  serves: "classify",
  tag: "reference",
  paid: true,
  pinned: true,
  query: classifyQuery,
  maxLength,
  response: classifyResponseSchema,
  responseName: "ClassifyResponse",
  summary: "Classify browse nodes or product-type phrases to GPC",
  description: ({ trees }) =>
    [
      "Give exactly one of browse_id and q (both or neither: 400 INVALID_PARAMS).",
      ...(trees.length === 0 ? [] : [
        `tree chooses the browse tree of the ids: ${trees.join(", ")} (default ${trees[0]});`,
        "the answer's X-Map-Version is that tree's.",
      ]),
      `At most ${MAX_ITEMS} ids or phrases; a phrase is 1 to ${MAX_PHRASE_CHARS} characters, not blank.`,
      "An id the browse tree knows but nothing maps answers gpc null in its slot; an id the tree does not",
      "know answers the same null shape; when no requested id is known at all: 404 NO_RESULTS.",
      "q results are { q, gpc: [GPC node] } (empty when the lexicon does not carry the phrase: certain or",
      "blank); when no phrase is carried: 404 NO_RESULTS.",
    ].join(" "),
  notFound: REFERENCE_ANSWERS.notFound,
  responses: (deployment) =>
    paidResponses(
      deployment,
      "ClassifyResponse",
      "No requested id is a node of the browse tree, or no phrase is carried by the lexicon.",
    ),
  examples: {
    browse_ids: { browse_id: "16318751,18776871011,1" },
    phrases: { q: "bread,olive oil,nope" },
  },
  tools: [
    {
      name: "classify_browse_nodes",
      title: "Classify retailer browse nodes to GPC",
      parameters: ["browse_id", "tree"],
      required: ["browse_id"],
      note: `One result per id, in order (at most ${MAX_ITEMS} ids); match_precision, match_source and ` +
        "assurance_state say how the mapping holds. " + CERTAIN_OR_BLANK,
    },
    {
      name: "classify_phrases",
      title: "Classify product-type phrases to GPC bricks",
      parameters: ["q"],
      required: ["q"],
      note: `One result per phrase, in order (at most ${MAX_ITEMS} phrases), matched through the curated ` +
        "lexicon after Unicode NFKC, case folding and white-space collapsing only. " + CERTAIN_OR_BLANK,
    },
  ],
};

const brickAttributes: OperationEntry = {
  id: BRICK_ATTRIBUTES_OPERATION,
  path: BRICK_ATTRIBUTES_PATH,
  serves: "brickAttributes",
  tag: "reference",
  paid: true,
  pinned: true,
  query: brickAttributesQuery,
  maxLength,
  response: brickAttributesResponseSchema,
  responseName: "BrickAttributesResponse",
  summary: "Attribute schemas of GPC bricks",
  description: () =>
    [
      `gpc_code is required: at most ${MAX_ITEMS} codes of exactly 8 ASCII digits. A code that is a`,
      "segment, family, class, attribute type or attribute value is 400 INVALID_PARAMS naming what it is",
      "(error.details.issues[] carries value, kind and title). An unknown code answers gpc null and",
      "attributes [] in its slot; when no code is a known brick: 404 NO_RESULTS. Attributes and values",
      "in GS1's order (by title); value_count is the length of allowed_values. attribute_schema says",
      "whether the brick's schema is known in the release answering: published (by its own publication:",
      "an empty attributes list means the brick defines none), carried (from the older served release",
      "it names, in which the brick has the same code, title and ancestry) or unknown (the release was",
      "published without attribute data: attributes [] then means not known, not none). When every",
      "requested brick's schema is unknown: 404 ATTRIBUTE_SCHEMA_UNKNOWN, before any payment.",
    ].join(" "),
  notFound: BRICK_ATTRIBUTES_ANSWERS.notFound,
  responses: (deployment) =>
    paidResponses(
      deployment,
      "BrickAttributesResponse",
      "No requested code is a brick of the release (NO_RESULTS), or every requested brick's attribute " +
        "schema is unknown in the release (ATTRIBUTE_SCHEMA_UNKNOWN: error.details.gpc_release, " +
        "unknown_schema lists the codes).",
      BRICK_ATTRIBUTES_ANSWERS,
    ),
  examples: { bricks: { gpc_code: "10000155,10000164" } },
  tools: [{
    name: "get_brick_attributes",
    title: "Attribute schemas of GPC bricks",
    note: `One result per code, in order (at most ${MAX_ITEMS} codes).`,
  }],
};

/** The reference operations. */
export const REFERENCE_ENTRIES: readonly OperationEntry[] = [classify, brickAttributes];
