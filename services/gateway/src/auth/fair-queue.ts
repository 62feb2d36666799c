import { throttled } from './attempt-budget';

/**
 * At most `concurrency` jobs at once; the others wait in one lane per name (here a key id)
 * and a freed slot goes to the lanes in turn, so however many jobs one key id queues, a job
 * of another key id waits for at most one job of each other lane. Past `maxWaiting` jobs in
 * all, a new one is refused with 429 rather than queued.
 */
export class FairQueue {
  private running = 0;
  private waiting = 0;
  /** Lanes in turn order: the next job comes from the first lane, which then goes last. */
  private readonly lanes = new Map<string, (() => void)[]>();

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(lane: string, job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting >= this.maxWaiting) throw throttled(1000);
      this.waiting++;
      // The releasing job hands its slot over, so `running` never exceeds the limit.
      await new Promise<void>((resolve) => {
        const queue = this.lanes.get(lane);
        if (queue) queue.push(resolve);
        else this.lanes.set(lane, [resolve]);
      });
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      this.next();
    }
  }

  private next(): void {
    const first = this.lanes.entries().next();
    if (first.done) {
      this.running--;
      return;
    }
    const [lane, queue] = first.value;
    this.lanes.delete(lane);
    if (queue.length > 1) this.lanes.set(lane, queue); // to the back of the turn order
    this.waiting--;
    queue.shift()!();
  }
}
