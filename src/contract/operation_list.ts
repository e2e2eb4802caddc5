/**
 * The operation list: every operation of the API, in the order the OpenAPI document lists them. The
 * document's paths, the x402 discovery metadata, the MCP tools, the example requests and the router's
 * operation routes are all made from it, so an operation is added in one place.
 */
import type { ExampleQuery, OperationEntry } from "./operation_entry.ts";
import { REFERENCE_ENTRIES } from "./reference_entries.ts";
import { PUBLIC_ENTRIES } from "./public_entries.ts";
import { CATALOG_ENTRIES } from "./catalog_entries.ts";

/** Every operation. */
export const OPERATION_LIST: readonly OperationEntry[] = [
  ...REFERENCE_ENTRIES,
  ...PUBLIC_ENTRIES,
  ...CATALOG_ENTRIES,
];

const BY_ID: ReadonlyMap<string, OperationEntry> = new Map(OPERATION_LIST.map((entry) => [entry.id, entry]));

/** The operation named `id`, if any. */
export function entryOf(id: string): OperationEntry | undefined {
  return BY_ID.get(id);
}

/** The example requests of each operation that has some, by operation id and example name. */
export const EXAMPLE_QUERIES: Readonly<Record<string, Readonly<Record<string, ExampleQuery>>>> = Object
  .fromEntries(
    OPERATION_LIST.filter((entry) => Object.keys(entry.examples).length > 0).map((entry) => [
      entry.id,
      entry.examples,
    ]),
  );
