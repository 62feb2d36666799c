import { RecentMap } from './recent-map';

/**
 * Work this process did lately, by id: for a write made on the request path that the relay's
 * local handler (or a consumer) will be handed again. The second call skips what succeeded
 * here (or waits for it while it runs); after a restart nothing is remembered and the work
 * runs again, so it must be idempotent.
 */
export class RecentWork {
  private readonly done: RecentMap<string, Promise<unknown>>;

  constructor(limit: number) {
    this.done = new RecentMap(limit);
  }

  /** Runs the work and remembers it under `id`. */
  run<T>(id: string, work: () => Promise<T>): Promise<T> {
    const running = work();
    this.done.set(id, running);
    return running;
  }

  /** Remembers work already running under `id` (its caller awaits it). */
  remember(id: string, running: Promise<unknown>): void {
    this.done.set(id, running);
  }

  /** Runs the work unless work under `id` succeeded here lately; waits for it while it runs. */
  async runIfNew(id: string, work: () => Promise<unknown>): Promise<void> {
    const earlier = this.done.get(id);
    const succeeded = earlier
      ? await earlier.then(
          () => true,
          () => false,
        )
      : false;
    if (!succeeded) await this.run(id, work);
  }
}
