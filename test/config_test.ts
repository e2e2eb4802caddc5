import assert from "node:assert/strict";
import { type Config, ConfigError, describeStateStore, readConfig } from "../src/config.ts";

Deno.test("an empty environment gives the documented defaults", () => {
  const expected: Config = {
    port: 8080,
    host: "0.0.0.0",
    distDir: "dist",
    payments: "on",
    rateLimit: { capacity: 120, windowMs: 60_000, text: "120/min" },
    trustProxyHops: 0,
    logLevel: "info",
    drainMs: 10_000,
    stateStore: { kind: "memory" },
    watchDist: true,
  };
  assert.deepEqual(readConfig({}), expected);
  assert.equal(Object.isFrozen(readConfig({})), true);
});

const accepted: [string, Record<string, string>, Partial<Config>][] = [
  ["PORT 0 picks a free port", { PORT: "0" }, { port: 0 }],
  ["PAYMENTS is case-insensitive", { PAYMENTS: "OFF" }, { payments: "off" }],
  ["RATE_LIMIT per second", { RATE_LIMIT: "10/s" }, {
    rateLimit: { capacity: 10, windowMs: 1000, text: "10/s" },
  }],
  [
    "RATE_LIMIT per hour",
    { RATE_LIMIT: "5000/hour" },
    { rateLimit: { capacity: 5000, windowMs: 3_600_000, text: "5000/hour" } },
  ],
  ["RATE_LIMIT off", { RATE_LIMIT: "off" }, { rateLimit: null }],
  ["TRUST_PROXY on trusts one proxy", { TRUST_PROXY: "on" }, { trustProxyHops: 1 }],
  ["TRUST_PROXY 1 trusts one proxy", { TRUST_PROXY: "1" }, { trustProxyHops: 1 }],
  ["TRUST_PROXY 3 trusts three proxies", { TRUST_PROXY: "3" }, { trustProxyHops: 3 }],
  ["TRUST_PROXY 0 trusts none", { TRUST_PROXY: "0" }, { trustProxyHops: 0 }],
  ["LOG_LEVEL debug", { LOG_LEVEL: "debug" }, { logLevel: "debug" }],
  ["DRAIN_MS 0 exits at once", { DRAIN_MS: "0" }, { drainMs: 0 }],
  ["DRAIN_MS 25000", { DRAIN_MS: "25000" }, { drainMs: 25_000 }],
  ["DRAIN_MS at most ten minutes", { DRAIN_MS: "600000" }, { drainMs: 600_000 }],
  ["a blank value takes the default", { PORT: " " }, { port: 8080 }],
  ["WATCH_DIST off leaves swaps to SIGHUP", { WATCH_DIST: "OFF" }, { watchDist: false }],
  ["STATE_STORE memory", { STATE_STORE: "MEMORY" }, { stateStore: { kind: "memory" } }],
  ["STATE_STORE redis with the default timeout", { STATE_STORE: "redis://10.0.0.5:6379/2" }, {
    stateStore: { kind: "redis", url: "redis://10.0.0.5:6379/2", timeoutMs: 500 },
  }],
  [
    "STATE_STORE rediss with credentials and a timeout",
    { STATE_STORE: "rediss://gpc:s3cret@cache.internal", STATE_STORE_TIMEOUT_MS: "1000" },
    { stateStore: { kind: "redis", url: "rediss://gpc:s3cret@cache.internal", timeoutMs: 1000 } },
  ],
];
for (const [name, env, part] of accepted) {
  Deno.test(`config accepts ${name}`, () => {
    const config = readConfig(env);
    for (const [key, value] of Object.entries(part)) assert.deepEqual(config[key as keyof Config], value);
  });
}

const rejected: [string, string, string][] = [
  ["PORT", "http", 'PORT="http" is not valid: expected an integer from 0 to 65535'],
  ["PORT", "65536", 'PORT="65536" is not valid: expected an integer from 0 to 65535'],
  ["PAYMENTS", "maybe", 'PAYMENTS="maybe" is not valid: expected one of on, off'],
  ["WATCH_DIST", "yes", 'WATCH_DIST="yes" is not valid: expected one of on, off'],
  [
    "RATE_LIMIT",
    "120",
    'RATE_LIMIT="120" is not valid: expected <count>/<s|min|hour> such as 120/min, 10/s, 5000/hour, or off',
  ],
  [
    "RATE_LIMIT",
    "0/min",
    'RATE_LIMIT="0/min" is not valid: expected <count>/<s|min|hour> such as 120/min, 10/s, 5000/hour, or off',
  ],
  [
    "RATE_LIMIT",
    "10/day",
    'RATE_LIMIT="10/day" is not valid: expected <count>/<s|min|hour> such as 120/min, 10/s, 5000/hour, or off',
  ],
  ["TRUST_PROXY", "11", 'TRUST_PROXY="11" is not valid: expected off, on, or a hop count from 1 to 10'],
  ["TRUST_PROXY", "yes", 'TRUST_PROXY="yes" is not valid: expected off, on, or a hop count from 1 to 10'],
  ["LOG_LEVEL", "verbose", 'LOG_LEVEL="verbose" is not valid: expected one of debug, info, warn, error'],
  ...["10s", "-1", "600001", "1.5"].map((value): [string, string, string] => [
    "DRAIN_MS",
    value,
    `DRAIN_MS=${
      JSON.stringify(value)
    } is not valid: expected an integer number of milliseconds from 0 to 600000`,
  ]),
  [
    "STATE_STORE",
    "http://cache:6379",
    'STATE_STORE="http://cache:6379" is not valid: expected memory, or ' +
    "redis://[user:password@]host[:port][/db] (rediss:// for TLS)",
  ],
  [
    "STATE_STORE",
    "redis://:hunter2@cache:6379/db",
    'STATE_STORE="redis://:***@cache:6379/db" is not valid: expected memory, or ' +
    "redis://[user:password@]host[:port][/db] (rediss:// for TLS)",
  ],
  [
    "STATE_STORE",
    "redis",
    'STATE_STORE="redis" is not valid: expected memory, or ' +
    "redis://[user:password@]host[:port][/db] (rediss:// for TLS)",
  ],
  [
    "STATE_STORE_TIMEOUT_MS",
    "5",
    'STATE_STORE_TIMEOUT_MS="5" is not valid: expected an integer from 10 to 10000 (milliseconds)',
  ],
];
for (const [variable, value, message] of rejected) {
  Deno.test(`config rejects ${variable}=${value} naming the variable, the value and what is accepted`, () => {
    assert.throws(() => readConfig({ [variable]: value }), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.equal(error.message, message);
      assert.equal(error.variable, variable);
      return true;
    });
  });
}

Deno.test("the state store is described for the log without its password", () => {
  assert.equal(describeStateStore({ kind: "memory" }), "memory");
  assert.equal(
    describeStateStore({ kind: "redis", url: "redis://gpc:s3cret@cache:6379/2", timeoutMs: 250 }),
    "redis://gpc:***@cache:6379/2",
  );
  assert.equal(
    describeStateStore({ kind: "redis", url: "redis://cache:6379", timeoutMs: 250 }),
    "redis://cache:6379",
  );
});
