/**
 * GET /docs: the API reference, rendered in the browser from /openapi.json by Swagger UI (the pinned
 * swagger-ui-dist bundle, Apache-2.0), served with its assets from /docs/<asset>.
 *
 * The viewer's files are imported as text, so they are read once when the module loads, and `deno task
 * bundle` embeds them in the one bundled module: a deployment needs nothing beside it but a dist. Every URL
 * of the page is relative (it works behind a proxy that adds a path prefix) and of the service's own origin:
 * the page fetches nothing from anywhere else, which its Content-Security-Policy also enforces.
 */
import viewerScript from "npm:swagger-ui-dist@5.35.0/swagger-ui-bundle.js" with { type: "text" };
import viewerStyle from "npm:swagger-ui-dist@5.35.0/swagger-ui.css" with { type: "text" };
import viewerLicenses from "npm:swagger-ui-dist@5.35.0/swagger-ui-bundle.js.LICENSE.txt" with {
  type: "text",
};
import { matchesIfNoneMatch, strongEtag } from "../operation/etag.ts";

/** The Content-Security-Policy of the page: its own scripts, styles and API calls, nothing else. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

// The empty icon spares a browser asking for /favicon.ico, which the service does not serve.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GPC reference service: API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="docs/swagger-ui.css">
</head>
<body>
<noscript>This page renders <a href="openapi.json">openapi.json</a> with JavaScript.</noscript>
<div id="swagger-ui"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/docs.js"></script>
</body>
</html>
`;

// In a file of its own: the policy allows no inline script. validatorUrl null: no badge from swagger.io.
const START = `"use strict";
window.ui = SwaggerUIBundle({
  url: "openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  displayOperationId: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
});
`;

/** A file of the page. */
interface DocsFile {
  readonly type: string;
  readonly body: string;
  readonly cacheControl: string;
}

const JAVASCRIPT = "text/javascript; charset=utf-8";
// The viewer's files change only with its pinned version; the page and its start with the service.
const VIEWER_CACHE = "public, max-age=86400";
const PAGE_CACHE = "public, max-age=300";

// A source map comment would send a browser's developer tools after a file the service does not serve.
const withoutSourceMap = (text: string) => text.replace(/\n*(?:\/\/|\/\*)# sourceMappingURL=\S+\s*$/, "\n");

/** The files under /docs/, by name. */
const ASSETS: ReadonlyMap<string, DocsFile> = new Map([
  ["swagger-ui-bundle.js", {
    type: JAVASCRIPT,
    body: withoutSourceMap(viewerScript),
    cacheControl: VIEWER_CACHE,
  }],
  ["swagger-ui.css", {
    type: "text/css; charset=utf-8",
    body: withoutSourceMap(viewerStyle),
    cacheControl: VIEWER_CACHE,
  }],
  ["swagger-ui-bundle.js.LICENSE.txt", {
    type: "text/plain; charset=utf-8",
    body: viewerLicenses,
    cacheControl: VIEWER_CACHE,
  }],
  ["docs.js", { type: JAVASCRIPT, body: START, cacheControl: PAGE_CACHE }],
]);

const PAGE_FILE: DocsFile = { type: "text/html; charset=utf-8", body: PAGE, cacheControl: PAGE_CACHE };

/** The names of the files served under /docs/. */
export const DOCS_ASSETS: readonly string[] = [...ASSETS.keys()];

const etags = new Map<DocsFile, Promise<string>>();

/** The answer to GET /docs (`asset` undefined) or GET /docs/<asset>: 200, or 304 to a matching If-None-Match. */
export async function docsResponse(asset: string | undefined, request: Request): Promise<Response> {
  const file = asset === undefined ? PAGE_FILE : ASSETS.get(asset);
  if (file === undefined) throw new Error(`no docs file ${asset}`);
  let etag = etags.get(file);
  if (etag === undefined) etags.set(file, etag = strongEtag(file.body));
  const headers: [string, string][] = [
    ["ETag", await etag],
    ["Cache-Control", file.cacheControl],
    ["X-Content-Type-Options", "nosniff"],
    // Shared caches keep these files, whose CORS headers depend on the request's Origin.
    ["Vary", "Origin"],
    ...(file === PAGE_FILE ? [["Content-Security-Policy", DOCS_CSP] as [string, string]] : []),
  ];
  if (matchesIfNoneMatch(request.headers.get("if-none-match"), await etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(file.body, { status: 200, headers: [["Content-Type", file.type], ...headers] });
}
