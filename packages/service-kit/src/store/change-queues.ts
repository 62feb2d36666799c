import { AsyncResource } from 'node:async_hooks';

/** Changes of one document that one write may carry: a hot document's writes, a few dozen at a time. */
const MAX_GROUP = 32;

/** Work waiting for its key: its caller's async context (its request, its key) travels with it. */
export interface Queued {
  /** Runs work in the caller's async context (set by the queue: see `callerContext`). */
  inContext: InContext;
  /** Answers the entry with an error `run` let out (it settles its group itself otherwise). */
  fail(error: unknown): void;
}

/**
 * Work waiting for each other by key (a document's changes; an organization's batched changes), in
 * the order it came: the first entry of a key drains its queue a group at a time, as many of the
 * queue's first entries as `groupLength` takes, and `run` does each group as one piece of work (one
 * write). Entries that meet no other form groups of one, as before; a hot key's are done many at
 * once (group commit).
 */
export class ChangeQueues<E extends Queued> {
  private readonly waiting = new Map<string, E[]>();

  constructor(
    private readonly run: (key: string, group: E[]) => Promise<void>,
    /** How many of the queue's first entries (at least one) form the next group. */
    private readonly groupLength: (queue: readonly E[]) => number,
  ) {}

  /**
   * Queues an entry under its key; `run` settles it. The first one of a queue runs in its own
   * caller's turn (its group is itself alone); one that waits keeps its caller's context.
   */
  add(key: string, entry: Omit<E, 'inContext'>): void {
    const queue = this.waiting.get(key);
    if (queue) {
      queue.push({ ...entry, inContext: callerContext() } as E);
      return;
    }
    this.waiting.set(key, [{ ...entry, inContext: here } as E]);
    void this.drain(key);
  }

  private async drain(key: string): Promise<void> {
    const queue = this.waiting.get(key)!;
    while (queue.length > 0) {
      const group = queue.splice(0, Math.max(1, this.groupLength(queue)));
      await this.run(key, group).catch((err: unknown) => group.forEach((entry) => entry.fail(err)));
    }
    this.waiting.delete(key);
  }
}

/** Runs work in some caller's async context (its request, its key's ids, its audit actor). */
export type InContext = <T>(work: () => T) => T;

/** Work run where it is called from. */
export const here: InContext = (work) => work();

/**
 * The caller's async context, kept for work another caller's turn will run (a change decided by
 * the group another change drains). An AsyncResource made here carries the context's stores.
 */
function callerContext(): InContext {
  const resource = new AsyncResource('stockyard.queued-change');
  return (work) => resource.runInAsyncScope(work);
}

/**
 * A document's groups: how many of the queue's first changes are of one organization's aggregate
 * (a document id names one), at most `max` (1: each change written alone).
 */
export const sameAggregate =
  (max = MAX_GROUP) =>
  (queue: readonly { orgId: string; id: string }[]): number => {
    const [first] = queue;
    let n = 1;
    while (n < queue.length && n < max && queue[n]!.orgId === first!.orgId && queue[n]!.id === first!.id) n++;
    return n;
  };
