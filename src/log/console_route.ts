/**
 * Third-party output into the log. Libraries write with console.* (the x402 resource server's "Failed to
 * fetch supported kinds from facilitator" on console.warn, Deno's own warnings); routed here, each call is
 * one JSON line at the method's level with `source: "console"`, so that stdout holds nothing but the
 * documented JSON lines. The text is redacted like a logged error: a library may print a payment header.
 */
import type { LogLevel } from "../config.ts";
import { safeMessage } from "./error_message.ts";
import type { Log } from "./request_log.ts";

/** The console methods that write a message, and the log level each becomes. */
const LEVELS = {
  debug: "debug",
  trace: "debug",
  log: "info",
  info: "info",
  warn: "warn",
  error: "error",
} as const satisfies Readonly<Record<string, LogLevel>>;

type Method = keyof typeof LEVELS;

/**
 * Deno's notice, written once, that request.signal also aborts when an answer has been sent (its legacy
 * behaviour). The payment gate reads the signal only before its answer is returned, to see whether the client
 * has left, where the legacy and the new behaviour agree: the notice says nothing an operator can act on.
 */
const LEGACY_ABORT_NOTICE = "Deno.serve: request.signal aborts on successful responses (legacy behavior).";

/** Routes console.debug, trace, log, info, warn and error of `target` into `log`; returns the undo. */
export function routeConsole(log: Log, target: Pick<Console, Method> = console): () => void {
  const saved = Object.fromEntries(Object.keys(LEVELS).map((m) => [m, target[m as Method]]));
  for (const [method, level] of Object.entries(LEVELS) as [Method, LogLevel][]) {
    target[method] = (...args: unknown[]) => {
      if (typeof args[0] === "string" && args[0].startsWith(LEGACY_ABORT_NOTICE)) return;
      if (log.enabled(level)) log.write(level, { message: consoleText(args), source: "console" });
    };
  }
  return () => Object.assign(target, saved);
}

/** The arguments of a console call as one redacted line, as console would print them but without colour. */
export function consoleText(args: readonly unknown[]): string {
  const text = args.map((arg) =>
    typeof arg === "string"
      ? arg
      : arg instanceof Error
      ? `${arg.name}: ${arg.message}`
      : Deno.inspect(arg, { colors: false, depth: 4, compact: true, breakLength: Infinity })
  ).join(" ");
  return safeMessage(text.replace(/\s*\n\s*/g, " "));
}
