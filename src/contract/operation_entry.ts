/**
 * What the API description says of one operation, the one record every description is generated from: the
 * OpenAPI document's path item, the x402 discovery metadata of its payment challenges, the MCP tools that offer
 * it and its example requests. The schemas are the operation's own (the valibot schemas that validate its
 * query and describe its answer); the texts say what the published interface leaves open.
 */
import type * as v from "npm:valibot@1.5.0";
import type { ErrorCode } from "../operation/api_error.ts";
import type { Deployment } from "./openapi_answers.ts";

/** One example request: its query parameters, by name, as decoded text. */
export type ExampleQuery = Readonly<Record<string, string>>;

/** What answers an operation's path in the request pipeline. */
export type Serves = "classify" | "brickAttributes" | "stats" | "retailers" | "releases" | "catalog";

/** An MCP tool offering an operation, or a part of it. */
export interface ToolEntry {
  /** The tool's name: snake case, unique among the tools. */
  readonly name: string;
  /** A short human title. */
  readonly title: string;
  /** The query parameters it takes, required first (absent: every parameter of the operation). */
  readonly parameters?: readonly string[];
  /** The parameters it requires (absent: those the operation's query requires). */
  readonly required?: readonly string[];
  /** What its description says besides the operation's. */
  readonly note?: string;
}

/** One operation of the API. */
export interface OperationEntry {
  /** The operationId, also the name prices and paid work use. */
  readonly id: string;
  readonly path: string;
  readonly serves: Serves;
  /** The tag grouping it in the document (reference, public, shopper, marketing, analyst). */
  readonly tag: string;
  /** Whether it is sold per call (when payments are on). */
  readonly paid: boolean;
  /** Whether the X-GPC-Release request header pins its answer to a served release. */
  readonly pinned: boolean;
  /** Its query schema (a strict object, piped or not); absent: it takes no parameter. */
  readonly query?: v.GenericSchema;
  /** The most characters of a free-text parameter's decoded value. */
  readonly maxLength?: (parameter: string) => number;
  /** Its 200 body. */
  readonly response: v.GenericSchema;
  /** The component name of its 200 body. */
  readonly responseName: string;
  readonly summary: string;
  /** What it answers and the decisions the interface leaves open, for the deployment described. */
  readonly description: (deployment: Deployment) => string;
  /** The error codes of its 404s (free: answered before any payment). */
  readonly notFound: readonly ErrorCode[];
  /** Its answers in the document, for the deployment described. */
  readonly responses: (deployment: Deployment) => Record<string, unknown>;
  /** Named example requests the embedded default answers 200. */
  readonly examples: Readonly<Record<string, ExampleQuery>>;
  /** The MCP tools offering it. */
  readonly tools: readonly ToolEntry[];
}
