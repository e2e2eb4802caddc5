/**
 * Every way of running the service passes the V8 flags it is measured with (SERVE_V8_FLAGS): npm start, the
 * `start`, `serve` and `compile` tasks, the bench's servers and the deployable's documented command.
 */
import assert from "node:assert/strict";
import { SERVE_FLAGS, SERVE_V8_FLAGS } from "./support/server_process.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const read = (path: string) => Deno.readTextFileSync(`${ROOT}${path}`);

Deno.test("the service's V8 flag is the one the bench and the tests run it with", () => {
  assert.deepEqual(SERVE_V8_FLAGS, ["--v8-flags=--no-allocation-site-pretenuring"]);
  assert.deepEqual(SERVE_FLAGS, [
    "--allow-read",
    "--allow-net",
    "--allow-env",
    "--allow-ffi",
    "--v8-flags=--no-allocation-site-pretenuring",
  ]);
});

Deno.test("npm start and the start, serve and compile tasks run the service with its V8 flag", () => {
  const tasks = JSON.parse(read("deno.json")).tasks as Record<string, string>;
  const scripts = JSON.parse(read("package.json")).scripts as Record<string, string>;
  const commands: [string, string][] = [
    ["npm start", scripts.start!],
    ["deno task start", tasks.start!],
    ["deno task serve", tasks.serve!],
    ["deno task compile", tasks.compile!],
  ];
  for (const [name, command] of commands) {
    const words = command.split(" ");
    for (const flag of SERVE_V8_FLAGS) assert.ok(words.includes(flag), `${name} lacks ${flag}: ${command}`);
  }
});

Deno.test("the README and the documented command of the deployable name the V8 flag", () => {
  for (const flag of SERVE_V8_FLAGS) {
    assert.ok(
      read("docs/operations.md").includes(`  ${flag} dist/server.js`),
      `docs/operations.md lacks ${flag}`,
    );
    assert.ok(read("README.md").includes(`\`${flag}\``), `README.md lacks ${flag}`);
  }
});
