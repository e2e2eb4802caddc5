/**
 * The x402 version 2 `payment-identifier` extension (specs/extensions/payment_identifier.md of x402, as
 * `@x402/extensions` 2.27.0 declares it): an idempotency key a client chooses and sends in its payment, so
 * that a retry after a lost answer is answered again instead of paid again.
 *
 * Every challenge declares it with `required: false` (a payment without an id is paid as before). A client
 * echoes the declaration into its payment and adds `info.id`: 16 to 128 characters of `A-Z a-z 0-9 _ -`.
 * The library only declares the extension; what an id buys (the answer kept, the checks) is the service's:
 * kept_answers.ts and repeated_payment.ts.
 */

/** The extension's key in `extensions`. */
export const PAYMENT_IDENTIFIER = "payment-identifier";
/** Fewest characters of an id. */
export const PAYMENT_ID_MIN_LENGTH = 16;
/** Most characters of an id. */
export const PAYMENT_ID_MAX_LENGTH = 128;
/** The characters of an id. */
export const PAYMENT_ID_PATTERN = /^[a-zA-Z0-9_-]+$/;

/** The declaration every challenge carries, built once: an optional id, and the JSON Schema of `info`. */
export const PAYMENT_IDENTIFIER_DECLARATION: Readonly<Record<string, unknown>> = Object.freeze({
  [PAYMENT_IDENTIFIER]: {
    info: { required: false },
    schema: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: {
        required: { type: "boolean" },
        id: {
          type: "string",
          minLength: PAYMENT_ID_MIN_LENGTH,
          maxLength: PAYMENT_ID_MAX_LENGTH,
          pattern: PAYMENT_ID_PATTERN.source,
        },
      },
      required: ["required"],
    },
  },
});
