/**
 * A free answer whose body is fixed for the life of a dist (stats, the served releases): a query that must be
 * empty, and the body rendered once, on first request, with its entity tag, then answered at once.
 */
import * as v from "npm:valibot@1.5.0";
import { parseQuery, type Query } from "./query.ts";

/** The query of an operation that takes no parameters. */
export const noParametersQuery = v.strictObject(
  {},
  (issue) => `unknown parameter ${JSON.stringify(issue.input)}; this operation takes no parameters`,
);

/** The empty query without the schema, as nearly every such query is. */
function emptyQuery(query: Query): Record<never, never> | undefined {
  for (const _ in query) return undefined;
  return {};
}

/** A rendered body and its entity tag. */
export interface FixedBody {
  readonly json: string;
  readonly etag: string;
}

/**
 * Returns a function that validates a query (it must be empty) and answers the body `render` gives, rendered
 * on first request; `tagOf` gives its entity tag (the HTTP layer's choice). Once tagged it is answered at once.
 */
export function fixedBodyAnswer(
  render: () => string,
  tagOf: (body: string) => Promise<string>,
): (query: Query) => FixedBody | Promise<FixedBody> {
  let rendered: FixedBody | undefined;
  let rendering: Promise<FixedBody> | undefined;
  return (query) => {
    parseQuery(noParametersQuery, query, emptyQuery);
    if (rendered !== undefined) return rendered;
    if (rendering === undefined) {
      const json = render();
      rendering = tagOf(json).then((etag) => rendered = { json, etag });
    }
    return rendering;
  };
}
