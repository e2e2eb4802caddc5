/**
 * GET /readyz: whether this replica should be sent traffic. Ready when the dist is open and its background
 * verification finished without finding damage and, with payments on, the payment facilitator has answered
 * and the state store answers; 503 otherwise. The body names each check, so an operator sees which one
 * failed. /healthz stays the liveness check (restart me); this one is "route to me".
 *
 * A load balancer probes often, so the facilitator and state store checks are bounded (PROBE_TIMEOUT_MS)
 * and their results kept for CHECK_CACHE_MS: concurrent and repeated probes share one check.
 */
import type { StateStore } from "../state/state_store.ts";
import type { StoreProblem } from "../store/reference_store.ts";
import type * as v from "npm:valibot@1.5.0";
import type { readinessSchema } from "../contract/body_schemas.ts";

/** Longest wait for the facilitator or the state store in one readiness check. */
export const PROBE_TIMEOUT_MS = 1000;
/** How long a check's result is reused. */
export const CHECK_CACHE_MS = 1000;

/** Where the background verification of the dist is. */
export type Verification = "verifying" | "verified" | "failed";

/** The readiness body. */
export type ReadinessBody = v.InferOutput<typeof readinessSchema>;

/** What readiness is judged from. */
export interface ReadinessDeps {
  /** The dist: its damage or removal, if any. */
  readonly store: { problem?(): StoreProblem | undefined; healthy?(): boolean };
  readonly verification: () => Verification;
  /** With payments on: resolves once the payment facilitator has answered (the gate's ready()). */
  readonly facilitator?: () => Promise<void>;
  /** With payments on: the store of payment claims. */
  readonly state?: StateStore;
  readonly now?: () => number;
}

const DIST_CHECK: Readonly<Record<Verification, ReadinessBody["checks"]["dist"]>> = {
  verifying: "verifying",
  verified: "ok",
  failed: "damaged",
};

/** Answers readiness checks. */
export function createReadiness(deps: ReadinessDeps): () => Promise<ReadinessBody> {
  const now = deps.now ?? Date.now;
  const { facilitator, state } = deps;
  const facilitatorCheck = facilitator && cached(now, () => answers(facilitator));
  const stateCheck = state && cached(now, () => answers(() => state.ping()));
  return async () => {
    const dist = deps.store.problem?.() ?? (deps.store.healthy?.() === false ? "damaged" : undefined) ??
      DIST_CHECK[deps.verification()];
    const [facilitatorOk, stateOk] = await Promise.all([facilitatorCheck?.(), stateCheck?.()]);
    const checks: ReadinessBody["checks"] = {
      dist,
      ...(facilitatorOk === undefined ? {} : { facilitator: facilitatorOk ? "ok" : "unreachable" }),
      ...(stateOk === undefined ? {} : { state_store: stateOk ? "ok" : "unreachable" }),
    };
    const ready = Object.values(checks).every((check) => check === "ok");
    return { status: ready ? "ready" : "unavailable", checks };
  };
}

/** Whether `check` resolves within PROBE_TIMEOUT_MS. */
async function answers(check: () => Promise<void>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS));
  try {
    return await Promise.race([check().then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** `check`, run at most once per CHECK_CACHE_MS; callers in between share its result. */
function cached(now: () => number, check: () => Promise<boolean>): () => Promise<boolean> {
  let last: { at: number; result: Promise<boolean> } | undefined;
  return () => {
    const at = now();
    if (last === undefined || at - last.at >= CHECK_CACHE_MS) last = { at, result: check() };
    return last.result;
  };
}
