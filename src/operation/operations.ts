/**
 * The names of the paid operations: what the payment configuration prices, what the OpenAPI document lists
 * as operationId, and what each operation's paid work names.
 */

/** The published operation name of classify. */
export const CLASSIFY_OPERATION = "classifyBrowseNodes";

/** The operation name of brick-attributes. */
export const BRICK_ATTRIBUTES_OPERATION = "getBrickAttributes";
