/**
 * The server's stop requests: SIGTERM or SIGINT, and, under npm, the end of npm itself.
 *
 * npm passes only SIGTERM and SIGINT on to the script it runs: any other signal that ends npm (SIGHUP, the
 * one `kill -HUP` sends, or SIGKILL) leaves the server running without its parent, re-parented to init,
 * holding the port, so that a supervisor restarting `npm start` finds the port in use. So a server started by
 * npm (npm sets `npm_lifecycle_event` in its scripts' environment) watches its parent process, and once that
 * has gone (the parent pid changed) it stops as on SIGTERM: it drains and exits, and the port is free. A
 * server started any other way (`deno task serve`, which passes every signal on, or `deno run` directly) has
 * no launcher to outlive and does not watch: started in the background from a shell that then exits, it goes
 * on serving.
 */

/** How often the parent process is looked at. */
export const PARENT_POLL_MS = 250;

/** Whether the environment says the process runs as an npm script. */
export function startedByNpm(env: Readonly<Record<string, string | undefined>>): boolean {
  return (env.npm_lifecycle_event ?? "") !== "";
}

// The parent this process was started by, read as the module loads (at start-up, before any build).
const FIRST_PARENT = Deno.ppid;

/**
 * Calls `stop` with the cause of each stop request: SIGTERM, SIGINT or, when `watchParent`, the parent
 * process gone (once). Returns the undo: the listeners removed, the watch ended.
 */
export function onStopRequest(watchParent: boolean, stop: (cause: string) => void): () => void {
  const listeners = (["SIGTERM", "SIGINT"] as const).map((signal) => {
    const listener = () => stop(signal);
    Deno.addSignalListener(signal, listener);
    return [signal, listener] as const;
  });
  let watching = watchParent;
  const timer = watchParent
    ? setInterval(() => {
      if (!watching || Deno.ppid === FIRST_PARENT) return;
      watching = false;
      clearInterval(timer);
      stop(`npm (the parent process, ${FIRST_PARENT}) exited`);
    }, PARENT_POLL_MS)
    : undefined;
  // The watch alone must not keep the process alive.
  if (timer !== undefined) Deno.unrefTimer(timer);
  return () => {
    for (const [signal, listener] of listeners) Deno.removeSignalListener(signal, listener);
    if (timer !== undefined) clearInterval(timer);
  };
}

/**
 * The first stop request's cause. The signal listeners stay for the life of the process: a second signal
 * must not end a draining process at once (DRAIN_MS bounds the exit).
 */
export function stopRequested(watchParent: boolean): Promise<string> {
  return new Promise((resolve) => onStopRequest(watchParent, resolve));
}
