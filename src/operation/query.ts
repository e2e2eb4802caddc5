/**
 * Query validation shared by every operation: the query as an object for valibot schemas (a repeated
 * parameter becomes an array of its values, so a schema can refuse it), one 400 INVALID_PARAMS listing every
 * issue, and the message builders that say which parameter or element broke which rule.
 */
import * as v from "npm:valibot@1.5.0";
import { ApiError } from "./api_error.ts";

/** Most elements a list parameter may hold. */
export const MAX_ITEMS = 100;

const NOT_A_DIGIT = /[^0-9]/;

/** Says what is wrong with a list value the pattern rejected: the count, or the first bad element. */
export function listProblem(
  parameter: string,
  rule: string,
  elementProblem: (element: string) => string | undefined,
): (issue: v.BaseIssue<unknown>) => string {
  return (issue) => {
    const elements = String(issue.input).split(",");
    if (elements.length > MAX_ITEMS) {
      return `${parameter} has ${elements.length} elements; at most ${MAX_ITEMS} are allowed`;
    }
    for (const [index, element] of elements.entries()) {
      const problem = element === "" ? "is empty" : elementProblem(element);
      if (problem !== undefined) {
        return `${parameter} element ${index + 1} ${JSON.stringify(element)} ${problem}: expected ${rule}`;
      }
    }
    return `${parameter} is invalid: expected ${rule}`;
  };
}

/** The element problem of a list of digit strings of `min` to `max` digits. */
export function digitsProblem(min: number, max: number): (element: string) => string | undefined {
  return (element) => {
    if (NOT_A_DIGIT.test(element)) return "holds a character other than an ASCII digit";
    return element.length < min || element.length > max ? `has ${element.length} digits` : undefined;
  };
}

/** The message of a parameter that is missing, repeated or not a string. */
export function repeated(parameter: string): (issue: v.BaseIssue<unknown>) => string {
  return (issue) =>
    issue.input === undefined
      ? `${parameter} is required`
      : Array.isArray(issue.input)
      ? `${parameter} is given ${issue.input.length} times; give it once, with comma-separated values`
      : `${parameter} must be a string`;
}

/** strictObject reports a missing required key and an unknown key with the same message function. */
export function unknownParameter(accepted: string): (issue: v.BaseIssue<unknown>) => string {
  return (issue) =>
    issue.input === undefined
      ? `${String(issue.path?.[0]?.key)} is required`
      : `unknown parameter ${JSON.stringify(issue.input)}; this operation accepts ${accepted}`;
}

/** One invalid parameter, as error.details.issues lists it. */
export interface ParamIssue {
  /** The parameter; absent for a rule about several parameters (both or neither of browse_id and q). */
  readonly parameter?: string;
  readonly message: string;
}

/** The query as an object for the schemas: a repeated parameter becomes an array of its values. */
export function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of search) {
    const seen = query[name];
    if (seen === undefined) query[name] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else query[name] = [seen, value];
  }
  return query;
}

/** Validates a query against `schema`; throws ApiError 400 INVALID_PARAMS listing every issue. */
export function parseQuery<const S extends v.GenericSchema>(
  schema: S,
  search: URLSearchParams,
): v.InferOutput<S> {
  const result = v.safeParse(schema, queryObject(search));
  if (result.success) return result.output;
  const issues: ParamIssue[] = result.issues.map((issue) => {
    const key = issue.path?.[0]?.key;
    return typeof key === "string" ? { parameter: key, message: issue.message } : { message: issue.message };
  });
  throw new ApiError(400, "INVALID_PARAMS", issues.map((issue) => issue.message).join("; "), { issues });
}
