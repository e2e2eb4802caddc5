/** The request header pinning a served GPC release (the same name the answers carry). */
export const RELEASE_HEADER = "X-GPC-Release";
