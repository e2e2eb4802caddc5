/**
 * Headless Chromium (Debian's package) driven over the Chrome DevTools Protocol, for the tests that must see
 * a page as a browser renders it. The browser starts with a fresh profile, no background networking, and its
 * DevTools endpoint on a free port of 127.0.0.1; a page records every request it makes, every console
 * message and uncaught exception, and every Content-Security-Policy violation.
 */

/** Where Debian's chromium package installs the browser. */
export const CHROMIUM = "/usr/bin/chromium";

/** Whether the browser is installed. */
export async function chromiumInstalled(): Promise<boolean> {
  try {
    return (await Deno.stat(CHROMIUM)).isFile;
  } catch {
    return false;
  }
}

/** What a page did while it loaded. */
export interface PageRecord {
  /** URLs the page requested (documents, scripts, styles, images, fetches). */
  readonly requests: string[];
  /** Console messages, uncaught exceptions and browser log entries, as text. */
  readonly messages: string[];
}

/** A browser with one page. */
export interface HeadlessPage {
  readonly record: PageRecord;
  /** Navigates the page to `url`. */
  open(url: string): Promise<void>;
  /** Evaluates `expression` in the page; returns its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Stops the browser and removes its profile. */
  close(): Promise<void>;
}

/** Collects the CSP violations of a page into the console, where the record sees them. */
const REPORT_VIOLATIONS = `document.addEventListener("securitypolicyviolation", (event) =>
  console.error("CSP violation: " + event.violatedDirective + " " + event.blockedURI));`;

/** Starts the browser (within `timeoutMs`) and opens a blank page. */
export async function launchHeadlessPage(timeoutMs: number): Promise<HeadlessPage> {
  const profile = await Deno.makeTempDir({ prefix: "chromium-profile-" });
  const child = new Deno.Command(CHROMIUM, {
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--user-data-dir=${profile}`,
      "--remote-debugging-address=127.0.0.1",
      "--remote-debugging-port=0",
      "about:blank",
    ],
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let drained: Promise<void> = Promise.resolve();
  const stopped = async () => {
    try {
      child.kill("SIGKILL");
    } catch {
      // Already exited.
    }
    await child.status;
    await drained;
    await Deno.remove(profile, { recursive: true });
  };
  let socket: WebSocket;
  try {
    const devtools = await devtoolsUrl(child.stderr, timeoutMs);
    drained = devtools.drained;
    socket = await connect(devtools.url);
  } catch (error) {
    await stopped();
    throw error;
  }
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const record: PageRecord = { requests: [], messages: [] };
  let next = 0;
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.id !== undefined) {
      const call = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) call?.reject(new Error(`CDP: ${JSON.stringify(message.error)}`));
      else call?.resolve(message.result);
      return;
    }
    const { method, params } = message;
    if (method === "Network.requestWillBeSent") record.requests.push(params.request.url);
    if (method === "Runtime.consoleAPICalled") {
      record.messages.push(
        `console.${params.type}: ${params.args.map((a: { value?: unknown }) => a.value).join(" ")}`,
      );
    }
    if (method === "Runtime.exceptionThrown") {
      record.messages.push(`exception: ${params.exceptionDetails.text}`);
    }
    if (method === "Log.entryAdded") {
      record.messages.push(
        `log.${params.entry.level}: ${params.entry.text} ${params.entry.url ?? ""}`.trim(),
      );
    }
  };
  let sessionId: string | undefined;
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  const close = async () => {
    await closed(socket);
    await stopped();
  };
  try {
    const { targetId } = await send("Target.createTarget", { url: "about:blank" }) as { targetId: string };
    sessionId = (await send("Target.attachToTarget", { targetId, flatten: true }) as { sessionId: string })
      .sessionId;
    for (const domain of ["Page", "Runtime", "Network", "Log"]) await send(`${domain}.enable`);
    await send("Page.addScriptToEvaluateOnNewDocument", { source: REPORT_VIOLATIONS });
  } catch (error) {
    await close();
    throw error;
  }
  return {
    record,
    open: async (url) => {
      await send("Page.navigate", { url });
    },
    evaluate: async <T>(expression: string) => {
      const result = await send("Runtime.evaluate", { expression, returnByValue: true }) as {
        result: { value: T };
      };
      return result.result.value;
    },
    close,
  };
}

/**
 * Reads the browser's stderr until it names its DevTools WebSocket (at most `timeoutMs`), then keeps draining
 * it (so that the browser never blocks on a full pipe) until the browser exits: `drained` resolves then.
 */
async function devtoolsUrl(
  stderr: ReadableStream<Uint8Array<ArrayBuffer>>,
  timeoutMs: number,
): Promise<{ url: string; drained: Promise<void> }> {
  const lines = stderr.pipeThrough(new TextDecoderStream()).getReader();
  const drain = async () => {
    while (!(await lines.read()).done);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) =>
    timer = setTimeout(() => resolve("timeout"), timeoutMs)
  );
  let seen = "";
  try {
    // Bounded by the timeout: each read either brings text or ends the stream.
    for (;;) {
      const read = await Promise.race([lines.read(), timeout]);
      if (read === "timeout" || read.done) break;
      seen += read.value;
      const url = /DevTools listening on (ws:\/\/\S+)/.exec(seen)?.[1];
      if (url !== undefined) return { url, drained: drain().catch(() => {}) };
    }
  } finally {
    clearTimeout(timer);
  }
  void drain().catch(() => {});
  throw new Error(`chromium did not open its DevTools endpoint within ${timeoutMs} ms: ${seen.slice(-500)}`);
}

function connect(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.onopen = () => resolve(socket);
    socket.onerror = () => reject(new Error(`cannot connect to ${url}`));
  });
}

function closed(socket: WebSocket): Promise<void> {
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    socket.onclose = () => resolve();
    socket.close();
  });
}
