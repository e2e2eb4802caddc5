/**
 * The OpenAPI parts of serving several GPC releases side by side: the X-GPC-Release request header of the
 * version-pinned operations and GET /v1/public/releases, from the same schemas as the answers.
 */
import type { Deployment } from "./openapi_answers.ts";
import { ref } from "./openapi_answers.ts";
import { PROBLEM_CONTENT_TYPE } from "../operation/problem.ts";
import { RELEASE_HEADER } from "./release_choice.ts";
import { RELEASES_PATH } from "./router.ts";

/** The X-GPC-Release request header of classify and brick-attributes. */
export const releaseHeaderParam = {
  name: RELEASE_HEADER,
  in: "header",
  required: false,
  description: "Pins the answer to a served GPC release (v<YYYYMMDD>, one of GET /v1/public/releases); " +
    "absent: the default, the newest. A release this service does not serve is 400 INVALID_PARAMS " +
    "(error.details.served_releases lists the served ones), never a payment challenge. The answer's " +
    "X-GPC-Release and X-Map-Version say which release and map version answered.",
  schema: { type: "string", pattern: "^v[0-9]{8}$" },
};

/** The releases path. */
export function releasesPaths({ rateLimited }: Deployment): Record<string, unknown> {
  const limit = rateLimited ? { "RateLimit": ref("headers", "RateLimit") } : {};
  return {
    [RELEASES_PATH]: {
      get: {
        operationId: "getReleases",
        tags: ["public"],
        summary: "The GPC releases served side by side, with their counts and changes (free)",
        description: "No parameters (any query parameter is 400 INVALID_PARAMS). Never asks for payment. " +
          "Newest first; default_release answers requests without X-GPC-Release. Each release carries " +
          "its map version, counts (stale_mapping_rows and stale_lexicon_phrases: curated rows that no " +
          "longer hold in it) and the change summary from the next older served release. If-None-Match " +
          "is honoured.",
        responses: {
          "200": {
            description: "The served releases.",
            headers: {
              "ETag": ref("headers", "ETag"),
              "Cache-Control": ref("headers", "Cache-Control"),
              "X-Request-Id": ref("headers", "X-Request-Id"),
              ...limit,
            },
            content: { "application/json": { schema: ref("schemas", "ReleasesResponse") } },
          },
          "304": { description: "Not modified (If-None-Match matched the ETag)." },
          "400": {
            description: "INVALID_PARAMS: a query parameter was given.",
            content: { [PROBLEM_CONTENT_TYPE]: { schema: ref("schemas", "Problem") } },
          },
        },
      },
    },
  };
}
