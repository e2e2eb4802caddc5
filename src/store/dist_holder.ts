/**
 * The dist being served, swapped atomically for a newly built one without a failed request.
 *
 * Each request takes the current dist when it starts (`acquire`) and gives it back when its answer is
 * complete (`release`); answers are whole strings, so nothing reads the dist after that. A swap makes the
 * new dist current for every later request at once; the old one is closed (unmapped, its build lease
 * released so that a later build may prune it) as soon as the last request holding it gives it back.
 * `T` is what a request is answered with besides the dist (the runtime keeps one handler per dist).
 */
import type { OpenedStore } from "./store.ts";

/** A dist as requests hold it. */
export interface HeldDist<T> {
  readonly dist: OpenedStore;
  readonly value: T;
}

interface Entry<T> extends HeldDist<T> {
  users: number;
  retired: boolean;
  closed: boolean;
}

/** The current dist and the count of requests holding each dist. */
export class DistHolder<T> {
  #current: Entry<T>;
  readonly #onClosed: (dist: OpenedStore) => void;

  /** `onClosed` is told each replaced dist the holder closes, once no request holds it. */
  constructor(dist: OpenedStore, value: T, onClosed: (dist: OpenedStore) => void = () => {}) {
    this.#current = { dist, value, users: 0, retired: false, closed: false };
    this.#onClosed = onClosed;
  }

  /** The dist new requests get. */
  get current(): HeldDist<T> {
    return this.#current;
  }

  /** The current dist, held until `release`. */
  acquire(): HeldDist<T> {
    const entry = this.#current;
    entry.users++;
    return entry;
  }

  /** Gives back a dist `acquire` returned; a retired dist no request holds any more is closed. */
  release(held: HeldDist<T>): void {
    const entry = held as Entry<T>;
    entry.users--;
    if (entry.retired && entry.users === 0) this.#close(entry);
  }

  /** Makes `dist` current; returns the dist it replaced, which closes once no request holds it. */
  swap(dist: OpenedStore, value: T): OpenedStore {
    const old = this.#current;
    this.#current = { dist, value, users: 0, retired: false, closed: false };
    old.retired = true;
    if (old.users === 0) this.#close(old);
    return old.dist;
  }

  /** Closes the current dist (at shutdown, once requests are done). */
  close(): void {
    this.#current.retired = true;
    this.#close(this.#current, false);
  }

  #close(entry: Entry<T>, replaced = true): void {
    if (entry.closed) return;
    entry.closed = true;
    entry.dist.close();
    if (replaced) this.#onClosed(entry.dist);
  }
}
