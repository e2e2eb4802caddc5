/**
 * A 200 body an operation keeps and gives every request for the same item as this one object (a one-item
 * answer of classify or brick-attributes: versioned_body.ts). Being one object, it can carry the Response the
 * pipeline builds for it once and copies for each request (answer.ts); a string made again would not.
 */
export class KeptBody {
  constructor(readonly text: string) {}
}

/** The JSON text of a 200 body, kept or made for one request. */
export function bodyText(body: string | KeptBody): string {
  return typeof body === "string" ? body : body.text;
}
