import assert from "node:assert/strict";
import { routeConsole } from "../../src/log/console_route.ts";
import { createLog } from "../../src/log/request_log.ts";
import type { LogLevel } from "../../src/config.ts";

/** Routes a fresh console-like object into a log at `threshold`; returns it and the lines, without time. */
function routed(threshold: LogLevel) {
  const lines: Record<string, unknown>[] = [];
  const log = createLog(threshold, (line) => {
    const { time: _, ...rest } = JSON.parse(line);
    lines.push(rest);
  });
  const target = { ...console };
  const restore = routeConsole(log, target);
  return { target, lines, restore };
}

const cases: [string, (c: Console) => void, Record<string, unknown>][] = [
  [
    "console.warn of a library is a warn line",
    (c) => c.warn("Failed to fetch supported kinds from facilitator: TypeError: connection refused"),
    {
      level: "warn",
      message: "Failed to fetch supported kinds from facilitator: TypeError: connection refused",
      source: "console",
    },
  ],
  [
    "console.error with an Error is an error line with its class and message",
    (c) => c.error("settle failed:", new RangeError("nonce used")),
    { level: "error", message: "settle failed: RangeError: nonce used", source: "console" },
  ],
  [
    "console.log of an object is an info line on one line",
    (c) => c.log("extension responses:", { a: [1, 2], b: "x\ny" }),
    { level: "info", message: 'extension responses: { a: [ 1, 2 ], b: "x\\ny" }', source: "console" },
  ],
  [
    "a credential-like run in the text is redacted",
    (c) =>
      c.warn(
        "Failed to decode PAYMENT-SIGNATURE header:",
        "eyJ4NDAyVmVyc2lvbiI6MiwicGF5bG9hZCI6eyJzaWduYXR1cmUi",
      ),
    { level: "warn", message: "Failed to decode PAYMENT-SIGNATURE header: [redacted]", source: "console" },
  ],
];

for (const [name, call, expected] of cases) {
  Deno.test(`routed console: ${name}`, () => {
    const { target, lines } = routed("debug");
    call(target as Console);
    assert.deepEqual(lines, [expected]);
  });
}

Deno.test("routed console: calls below the log's level are dropped, and the undo restores the methods", () => {
  const { target, lines, restore } = routed("warn");
  target.info("started");
  target.debug("detail");
  assert.deepEqual(lines, []);
  assert.notEqual(target.info, console.info);
  restore();
  assert.equal(target.info, console.info);
  assert.equal(target.warn, console.warn);
});

Deno.test("Deno's notice of request.signal's legacy abort is not logged; other Deno notices are", () => {
  const { target, lines, restore } = routed("debug");
  try {
    target.warn(
      "Deno.serve: request.signal aborts on successful responses (legacy behavior). To detect when a " +
        "request has been fully delivered use the `completed` promise on the handler's info argument.",
    );
    target.warn("Deno.serve: another notice");
  } finally {
    restore();
  }
  assert.deepEqual(lines, [{ level: "warn", message: "Deno.serve: another notice", source: "console" }]);
});
