/**
 * The OpenAPI part of serving several GPC releases side by side: GET /v1/public/releases, from the same
 * schema as its answer (the X-GPC-Release request header is in openapi_parameters.ts).
 */
import type { Deployment } from "./openapi_answers.ts";
import { ref } from "./openapi_answers.ts";
import { PROBLEM_CONTENT_TYPE } from "../operation/problem.ts";
import { SERVER_REFUSAL } from "../operation/query.ts";
import { RELEASES_PATH } from "./router.ts";

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
            description: `INVALID_PARAMS: a query parameter was given. Besides: ${SERVER_REFUSAL}.`,
            content: { [PROBLEM_CONTENT_TYPE]: { schema: ref("schemas", "Problem") } },
          },
        },
      },
    },
  };
}
