import { AsyncResource } from 'node:async_hooks';

/** Changes of one document that one write may carry: a hot document's writes, a few dozen at a time. */
const MAX_GROUP = 32;

/** A change waiting for its document: its caller's async context (its request, its key) travels with it. */
export interface Queued {
  /** The document's organization and the aggregate's id: a group holds only changes of one. */
  orgId: string;
  id: string;
  /** Runs work in the caller's async context (set by the queue: see `callerContext`). */
  inContext: InContext;
  /** Answers the change with an error `run` let out (it settles its group itself otherwise). */
  fail(error: unknown): void;
}

/**
 * Changes of a document waiting for each other, in the order they came: the first one of a
 * document drains its queue, a group at a time (up to MAX_GROUP changes of one organization's
 * aggregate), and `run` writes each group as one write. A document's changes that meet no other
 * form groups of one, as before; a hot document's are written many to a write (group commit).
 */
export class ChangeQueues<E extends Queued> {
  private readonly waiting = new Map<string, E[]>();

  constructor(
    private readonly run: (_id: string, group: E[]) => Promise<void>,
    /** At most this many changes a group (1: each change written alone). */
    private readonly maxGroup = MAX_GROUP,
  ) {}

  /**
   * Queues a change of the document; `run` settles it. The first one of a queue runs in its own
   * caller's turn (its group is itself alone); one that waits keeps its caller's context.
   */
  add(_id: string, entry: Omit<E, 'inContext'>): void {
    const queue = this.waiting.get(_id);
    if (queue) {
      queue.push({ ...entry, inContext: callerContext() } as E);
      return;
    }
    this.waiting.set(_id, [{ ...entry, inContext: here } as E]);
    void this.drain(_id);
  }

  private async drain(_id: string): Promise<void> {
    const queue = this.waiting.get(_id)!;
    while (queue.length > 0) {
      const group = queue.splice(0, groupLength(queue, this.maxGroup));
      await this.run(_id, group).catch((err: unknown) => group.forEach((entry) => entry.fail(err)));
    }
    this.waiting.delete(_id);
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
export function callerContext(): InContext {
  const resource = new AsyncResource('stockyard.queued-change');
  return (work) => resource.runInAsyncScope(work);
}

/** How many of the queue's first changes are one organization's and one aggregate's, at most `max`. */
function groupLength(queue: readonly Queued[], max: number): number {
  const [first] = queue;
  let n = 1;
  while (n < queue.length && n < max && queue[n]!.orgId === first!.orgId && queue[n]!.id === first!.id) n++;
  return n;
}
