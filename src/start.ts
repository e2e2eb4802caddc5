/**
 * `npm start` and `deno task start`: serve, after building `data/` into `dist/` when that build is stale, in
 * one process, so that the SIGTERM an operator or a container runtime sends reaches the server and its drain
 * (npm forwards SIGTERM and SIGINT to this process, which its shell `exec`s, so that no shell stands
 * between). npm passes no other signal on, and dies of SIGHUP: under npm this process therefore stops once
 * npm has gone, during the build as while serving (parent_watch.ts). With DIST_DIR set nothing is built: the
 * build there is served as given, whatever `data/` holds.
 *
 * The build runs as a subprocess of the same Deno (src/ never imports build/), its progress on stderr. A
 * failed build is one JSON log line with the build's own message (which names the file), and exit status 1.
 * A stop signal during the build stops it and ends the process without serving. Once the build is done the
 * permission to run programs (`--allow-run`, for the build only) is given up before anything listens.
 */
import { type Config, readConfig } from "./config.ts";
import { runMain } from "./main.ts";
import { createLog, type Log } from "./log/request_log.ts";
import { logsWritten } from "./log/log_buffer.ts";
import { messageOf } from "./log/error_message.ts";
import { onStopRequest, startedByNpm } from "./parent_watch.ts";

// What `npm start` builds, into DIST_DIR's default, when DIST_DIR is not set.
const DEFAULT_DATA = "data";
const BUILD_MAIN = new URL("../build/main.ts", import.meta.url).href;
const BUILD_FAILED = "build failed: ";

/** Builds, when DIST_DIR is not set and the build is stale, then serves; returns the exit status. */
export async function start(env: Readonly<Record<string, string | undefined>>): Promise<number> {
  let config: Config;
  try {
    config = readConfig(env);
  } catch {
    return await runMain(); // which reports the bad value
  }
  // readConfig defaults DIST_DIR: whether it was given at all is the one thing read here.
  if ((env.DIST_DIR ?? "").trim() === "") {
    const status = await buildIfStale(
      DEFAULT_DATA,
      config.distDir,
      createLog(config.logLevel),
      startedByNpm(env),
    );
    if (status !== undefined) return status;
  }
  Deno.permissions.revokeSync({ name: "run" });
  return await runMain();
}

/** Runs the build with `--if-stale`; undefined when the dist is ready to serve, else the exit status. */
async function buildIfStale(
  data: string,
  out: string,
  log: Log,
  watchParent: boolean,
): Promise<number | undefined> {
  const args = ["run", "--allow-read", "--allow-write", "--allow-env", BUILD_MAIN, "--if-stale"];
  const child = new Deno.Command(Deno.execPath(), {
    args: [...args, "--data", data, "--out", out],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let stoppedBy: string | undefined;
  const undo = onStopRequest(watchParent, (cause) => {
    stoppedBy = cause;
    try {
      child.kill("SIGTERM");
    } catch {
      // It has ended already.
    }
  });
  // The build's output is not the log: both of its streams go to stderr as they come.
  const [, text] = await Promise.all([passToStderr(child.stdout), passToStderr(child.stderr)]);
  const status = await child.status;
  undo();
  if (stoppedBy !== undefined) {
    log.write("info", {
      message: `${stoppedBy} during the build of ${data} into ${out}: stopped before serving`,
    });
    return 0;
  }
  if (status.success) return undefined;
  const failure = text.split("\n").findLast((line) => line.startsWith(BUILD_FAILED));
  const reason = failure?.slice(BUILD_FAILED.length) ?? `exit status ${status.code}`;
  const message =
    `cannot start: building ${data} into ${out} failed (DIST_DIR can name a build to serve instead)`;
  log.write("error", { message: `${message}: ${reason}` });
  return 1;
}

/** Copies a stream to stderr; returns its text (the last 64 KiB of it). */
async function passToStderr(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of stream) {
    for (let written = 0; written < chunk.length;) written += Deno.stderr.writeSync(chunk.subarray(written));
    text = (text + decoder.decode(chunk, { stream: true })).slice(-65_536);
  }
  return text;
}

if (import.meta.main) {
  const status = await start(Deno.env.toObject()).catch((error) => {
    createLog("error").write("error", { message: `cannot start: ${messageOf(error)}` });
    return 1;
  });
  await logsWritten();
  Deno.exit(status);
}
