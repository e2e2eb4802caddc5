/**
 * The state store a configuration chooses: in the process (the default), or in Redis, shared by replicas.
 * The Redis client is loaded only when Redis is chosen: it is a tenth of a second of start-up otherwise spent
 * for nothing.
 */
import type { StateStore } from "./state_store.ts";
import { MemoryStateStore } from "./memory_state_store.ts";

/** Where the store lives (the shape of config.ts's StateStoreConfig). */
export type StateStoreChoice =
  | { readonly kind: "memory" }
  | { readonly kind: "redis"; readonly url: string; readonly timeoutMs: number };

/** Opens the chosen store; a Redis one connects in the background and reports changes to `onConnection`. */
export async function openStateStore(
  choice: StateStoreChoice,
  onConnection?: (up: boolean, detail: string) => void,
): Promise<StateStore> {
  if (choice.kind === "memory") return new MemoryStateStore();
  const { RedisStateStore } = await import("./redis_state_store.ts");
  return new RedisStateStore({
    url: choice.url,
    timeoutMs: choice.timeoutMs,
    ...(onConnection === undefined ? {} : { onConnection }),
  });
}
