import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One AsyncLocalStorage for everything the kit's work carries (a keyed request's ids, the audit
 * scope), each in a slot of its own. Node 20 runs every storage's propagation at every promise
 * made, so a second storage cost each request as much again; slots share the one.
 */
const carried = new AsyncLocalStorage<Readonly<Record<symbol, unknown>>>();

/** A value carried with the work in progress, as an AsyncLocalStorage of its own would be. */
interface WorkSlot<T> {
  getStore(): T | undefined;
  /** Runs `work` with this slot set to `value` (undefined: cleared) and the other slots as they are. */
  run<R>(value: T | undefined, work: () => R): R;
}

export function workSlot<T>(name: string): WorkSlot<T> {
  const slot = Symbol(name);
  return {
    getStore: () => carried.getStore()?.[slot] as T | undefined,
    run: (value, work) => carried.run({ ...carried.getStore(), [slot]: value }, work),
  };
}
