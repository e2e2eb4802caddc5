/**
 * The runtime's configuration: read once from the environment into a frozen, typed object.
 *
 * | variable    | default    | accepted                                                                  |
 * |-------------|------------|---------------------------------------------------------------------------|
 * | PORT        | 8080       | an integer 0–65535 (0 picks a free port)                                  |
 * | HOST        | 0.0.0.0    | an interface address or host name to listen on (0.0.0.0 = every IPv4 one) |
 * | DIST_DIR    | dist       | a dist root (with CURRENT) or one build directory                         |
 * | PAYMENTS    | on         | on, off                                                                   |
 * | RATE_LIMIT  | 120/min    | `<n>/<s|min|hour>` (also sec, second, m, minute, h) or off                |
 * | TRUST_PROXY | off        | off/0 (peer address), on (= 1), or a hop count 1–10                       |
 * | LOG_LEVEL   | info       | debug, info, warn, error                                                  |
 * | DRAIN_MS    | 10000      | an integer 0–600000: ms a stop signal waits for in-flight requests        |
 * | STATE_STORE | memory     | memory, or redis://[user:password@]host[:port][/db] (rediss:// for TLS)   |
 * | STATE_STORE_TIMEOUT_MS | 500 | an integer 10–10000: the longest wait for one Redis command         |
 * | WATCH_DIST  | on         | on, off: swap in the build DIST_DIR/CURRENT names when it moves (SIGHUP too) |
 *
 * TRUST_PROXY = n means n reverse proxies stand in front of the service and each appends the address it saw
 * to Forwarded (preferred) or X-Forwarded-For: the client is the n-th address counted from the right of
 * that list followed by the peer, i.e. the address the outermost trusted proxy saw.
 */

/** Severity threshold of the log. */
export type LogLevel = "debug" | "info" | "warn" | "error";

/** A token bucket per client: `capacity` requests, refilled evenly over `windowMs`. */
export interface RateLimitRule {
  readonly capacity: number;
  readonly windowMs: number;
  /** The value as configured, e.g. "120/min", for messages. */
  readonly text: string;
}

/** Where rate-limit buckets and payment claims live: in the process, or in Redis shared by replicas. */
export type StateStoreConfig =
  | { readonly kind: "memory" }
  | { readonly kind: "redis"; readonly url: string; readonly timeoutMs: number };

/** The resolved configuration of one runtime process. */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly distDir: string;
  readonly payments: "on" | "off";
  /** null when RATE_LIMIT=off. */
  readonly rateLimit: RateLimitRule | null;
  /** Number of trusted reverse proxies; 0 = use the peer address. */
  readonly trustProxyHops: number;
  readonly logLevel: LogLevel;
  /** Longest wait, in ms, for in-flight requests after a stop signal before the process exits anyway. */
  readonly drainMs: number;
  readonly stateStore: StateStoreConfig;
  /** Whether a move of DIST_DIR/CURRENT swaps the new build in (SIGHUP always does). */
  readonly watchDist: boolean;
}

/** A configuration variable with a value the runtime cannot use. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";

  constructor(readonly variable: string, readonly value: string, readonly accepted: string) {
    super(`${variable}=${JSON.stringify(value)} is not valid: expected ${accepted}`);
  }
}

const WINDOW_MS: Readonly<Record<string, number>> = {
  s: 1000,
  sec: 1000,
  second: 1000,
  m: 60_000,
  min: 60_000,
  minute: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
};

const RATE_ACCEPTED = "<count>/<s|min|hour> such as 120/min, 10/s, 5000/hour, or off";
const MAX_PROXY_HOPS = 10;

/** Resolves the configuration from environment variables; throws ConfigError on the first bad value. */
export function readConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const get = (name: string, fallback: string) => {
    const value = env[name];
    return value === undefined || value.trim() === "" ? fallback : value.trim();
  };
  return Object.freeze({
    port: parsePort(get("PORT", "8080")),
    host: get("HOST", "0.0.0.0"),
    distDir: get("DIST_DIR", "dist"),
    payments: oneOf("PAYMENTS", get("PAYMENTS", "on").toLowerCase(), ["on", "off"] as const),
    rateLimit: parseRateLimit(get("RATE_LIMIT", "120/min")),
    trustProxyHops: parseTrustProxy(get("TRUST_PROXY", "off")),
    logLevel: oneOf(
      "LOG_LEVEL",
      get("LOG_LEVEL", "info").toLowerCase(),
      [
        "debug",
        "info",
        "warn",
        "error",
      ] as const,
    ),
    drainMs: parseDrainMs(get("DRAIN_MS", "10000")),
    stateStore: parseStateStore(get("STATE_STORE", "memory"), get("STATE_STORE_TIMEOUT_MS", "500")),
    watchDist: oneOf("WATCH_DIST", get("WATCH_DIST", "on").toLowerCase(), ["on", "off"] as const) === "on",
  });
}

function parsePort(value: string): number {
  const port = /^[0-9]{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new ConfigError("PORT", value, "an integer from 0 to 65535");
  return port;
}

// Longer than any orchestrator's grace period: a drain that long is a stuck one.
const MAX_DRAIN_MS = 600_000;

function parseDrainMs(value: string): number {
  const ms = /^[0-9]{1,6}$/.test(value) ? Number(value) : NaN;
  if (!(ms >= 0 && ms <= MAX_DRAIN_MS)) {
    throw new ConfigError("DRAIN_MS", value, `an integer number of milliseconds from 0 to ${MAX_DRAIN_MS}`);
  }
  return ms;
}

function oneOf<const T extends string>(variable: string, value: string, accepted: readonly T[]): T {
  if (!(accepted as readonly string[]).includes(value)) {
    throw new ConfigError(variable, value, `one of ${accepted.join(", ")}`);
  }
  return value as T;
}

/** Parses a RATE_LIMIT value such as "120/min"; null for "off". */
export function parseRateLimit(value: string): RateLimitRule | null {
  if (value.toLowerCase() === "off") return null;
  const match = /^([0-9]{1,9})\s*\/\s*([a-z]+)$/i.exec(value);
  const windowMs = match ? WINDOW_MS[match[2]!.toLowerCase()] : undefined;
  const capacity = match ? Number(match[1]) : 0;
  if (windowMs === undefined || capacity < 1) throw new ConfigError("RATE_LIMIT", value, RATE_ACCEPTED);
  return Object.freeze({ capacity, windowMs, text: value });
}

function parseTrustProxy(value: string): number {
  const lower = value.toLowerCase();
  if (lower === "off" || lower === "false" || lower === "0") return 0;
  if (lower === "on" || lower === "true") return 1;
  const hops = /^[0-9]{1,2}$/.test(value) ? Number(value) : NaN;
  if (!(hops >= 1 && hops <= MAX_PROXY_HOPS)) {
    throw new ConfigError("TRUST_PROXY", value, `off, on, or a hop count from 1 to ${MAX_PROXY_HOPS}`);
  }
  return hops;
}

const STATE_STORE_ACCEPTED = "memory, or redis://[user:password@]host[:port][/db] (rediss:// for TLS)";

function parseStateStore(value: string, timeout: string): StateStoreConfig {
  const timeoutMs = /^[0-9]{1,5}$/.test(timeout) ? Number(timeout) : NaN;
  if (!(timeoutMs >= 10 && timeoutMs <= 10_000)) {
    throw new ConfigError("STATE_STORE_TIMEOUT_MS", timeout, "an integer from 10 to 10000 (milliseconds)");
  }
  if (value.toLowerCase() === "memory") return Object.freeze({ kind: "memory" });
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const usable = url !== undefined && (url.protocol === "redis:" || url.protocol === "rediss:") &&
    url.hostname !== "" && /^(\/[0-9]{0,2})?$/.test(url.pathname) && url.search === "" && url.hash === "";
  // The message echoes the value: never its password.
  if (!usable) throw new ConfigError("STATE_STORE", redactUrl(value), STATE_STORE_ACCEPTED);
  return Object.freeze({ kind: "redis", url: value, timeoutMs });
}

/** A URL without its password, for logs and messages. */
function redactUrl(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*):[^@/]*@/i, "$1:***@");
}

/** The state store as a log line may show it: `memory`, or the Redis URL without its password. */
export function describeStateStore(store: StateStoreConfig): string {
  return store.kind === "memory" ? "memory" : redactUrl(store.url);
}
