/**
 * X-Request-Id: a caller's id is echoed when it is sane (1 to 128 letters, digits and `.-_:`), so ids can
 * be followed across services; otherwise (absent, too long, other characters) the service makes a UUID.
 */

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request id to answer and log with. */
export function requestIdOf(request: Request): string {
  const given = request.headers.get("x-request-id");
  return given !== null && SANE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}
