/**
 * Our answers, captured: status, every header but Date and Content-Length (the server adds those), and the
 * body, for every query of a pool. The replay server answers them as they are; the correctness check asks
 * again and compares, with the parts that move with the clock masked (catalog freshness).
 */

/** One captured answer. */
export interface Captured {
  readonly target: string;
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string;
}

const SERVER_ADDED = new Set(["date", "content-length"]);
/** Headers whose value differs between two answers to the same query. */
const MOVING_HEADERS = new Set(["x-request-id", "x-data-freshness-hours", "ratelimit"]);
const FRESHNESS = /"freshness_seconds":\d+/g;

async function ask(base: string, target: string): Promise<Captured> {
  const response = await fetch(base + target);
  const body = await response.text();
  const headers = [...response.headers].filter(([name]) => !SERVER_ADDED.has(name)) as [string, string][];
  return { target, status: response.status, headers, body };
}

/** Runs `work` over `items`, `concurrency` at a time, keeping the order. */
export async function inParallel<T, R>(items: readonly T[], work: (item: T) => Promise<R>, concurrency = 8) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/** Captures the answers of `base` to every distinct target. */
export function capture(base: string, targets: readonly string[]): Promise<Captured[]> {
  return inParallel([...new Set(targets)], (target) => ask(base, target));
}

/** An answer with what moves with the clock masked, as text to compare. */
export function comparable(answer: Captured, withHeaders: boolean): string {
  const headers = withHeaders
    ? answer.headers.map(([name, value]) => `${name}: ${MOVING_HEADERS.has(name) ? "*" : value}`).sort()
    : [];
  return [String(answer.status), ...headers, answer.body.replace(FRESHNESS, '"freshness_seconds":*')].join(
    "\n",
  );
}

/**
 * Asks `base` again for `targets` and lists every answer that differs from the capture (status, body and,
 * with `withHeaders`, every header's name and value); empty when all match.
 */
export async function differences(
  base: string,
  captured: ReadonlyMap<string, Captured>,
  targets: readonly string[],
  withHeaders: boolean,
): Promise<string[]> {
  const found = await inParallel(targets, async (target) => {
    const expected = captured.get(target);
    if (expected === undefined) return `${target}: not captured`;
    const answer = await ask(base, target);
    if (comparable(answer, withHeaders) === comparable(expected, withHeaders)) return "";
    return `${target}: answered ${answer.status} ${answer.body.slice(0, 200)}, captured ${expected.status} ${
      expected.body.slice(0, 200)
    }`;
  });
  return found.filter((line) => line !== "");
}
