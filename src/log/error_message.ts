/** Thrown values as text: plainly for users and start-up messages, redacted for logs. */

/** The message of a thrown value. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A thrown value's class and message for the log, with long base64 or hex runs (a signature, an encoded
 * payload a facilitator echoed back) replaced: payment credentials never reach the log.
 */
export function safeMessage(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/[A-Za-z0-9+/=_-]{40,}/g, "[redacted]").slice(0, 300);
}
