/**
 * What every answer to a hostile request must be, as one check the property tests run on each answer: no
 * 5xx; no header value holding CR, LF or NUL, longer than 4 KiB or echoing the request's marker, and the
 * whole header block within 4 KiB; a body that is the path's valid answer (200), or else a problem document
 * of the answer's status (the stats error body on stats), each with its media type.
 */
import * as v from "npm:valibot@1.5.0";
import { problemSchema, statsErrorSchema } from "../../src/contract/body_schemas.ts";
import { STATS_PATH } from "../../src/contract/service_paths.ts";
import { answerProblem, type OperationExample } from "./operation_examples.ts";
import { CANARY } from "./hostile_query.ts";

/** Largest header value, and largest header block (names, values, `: ` and CRLF), of any answer. */
export const MAX_HEADER_BYTES = 4096;

const BAD_HEADER_CHARS = /[\r\n\0]/;

/** Everything wrong with `response` (its body read here) to a request of `example`'s path; empty if nothing. */
export async function hostileAnswerProblems(
  response: Response,
  example: OperationExample | undefined,
  allowed: ReadonlySet<number>,
): Promise<string[]> {
  const problems: string[] = [];
  if (!allowed.has(response.status)) problems.push(`status ${response.status}`);
  let block = 0;
  for (const [name, value] of response.headers) {
    block += name.length + value.length + 4;
    if (BAD_HEADER_CHARS.test(value)) problems.push(`header ${name} holds CR, LF or NUL`);
    if (value.length > MAX_HEADER_BYTES) problems.push(`header ${name} has ${value.length} bytes`);
    if (value.toLowerCase().includes(CANARY.toLowerCase())) problems.push(`header ${name} echoes the query`);
  }
  if (block > MAX_HEADER_BYTES) problems.push(`the header block has ${block} bytes`);
  const text = await response.text();
  const type = response.headers.get("content-type");
  if (response.status === 200 && example !== undefined) {
    const problem = answerProblem(example.answer, type, text);
    if (problem !== undefined) problems.push(`200 body: ${problem}`);
    return problems;
  }
  const stats = example?.path === STATS_PATH;
  const expectedType = stats ? "application/json" : "application/problem+json";
  if (type !== expectedType) problems.push(`content type ${type}, not ${expectedType}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    problems.push(`body is not JSON: ${text.slice(0, 120)}`);
    return problems;
  }
  const result = v.safeParse(stats ? statsErrorSchema : problemSchema, body);
  if (!result.success) problems.push(`error body: ${result.issues[0]?.message}`);
  else if (!stats && (body as { status: number }).status !== response.status) {
    problems.push(`problem status ${(body as { status: number }).status} on a ${response.status}`);
  }
  return problems;
}
