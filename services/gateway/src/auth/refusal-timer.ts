const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The least time a refusal takes; scrypt here takes 90–170 ms. */
export const DEFAULT_REFUSAL_MS = 250;
/** Verifications remembered to set the refusal time. */
const WINDOW = 32;

/**
 * Every refusal of a well-formed key takes the same time, so how long it took says nothing
 * about the key id: an unknown id (one database miss), a known id whose secret was compared
 * from memory and a known id that needed scrypt are all answered `ms` after they arrived.
 * `ms` is the floor, or a quarter more than the slowest of the last 32 scrypt verifications
 * (read, queue and scrypt), whichever is larger, capped; it adapts to the machine, since
 * scrypt takes 90 ms on one and 170 ms on another. A verification slower than `ms` (a busy
 * gate) is still answered when it ends. Waiting costs a timer, not CPU, and also slows down a
 * flooder that waits for its answers.
 */
export class RefusalTimer {
  private readonly recent: number[] = [];

  constructor(
    private readonly floorMs: number,
    private readonly capMs = 2_000,
  ) {}

  /** Notes how long a verification that reached scrypt took. */
  observe(ms: number): void {
    this.recent.push(ms);
    if (this.recent.length > WINDOW) this.recent.shift();
  }

  get ms(): number {
    const slowest = this.recent.length > 0 ? Math.max(...this.recent) : 0;
    return Math.max(this.floorMs, Math.min(this.capMs, Math.ceil(slowest * 1.25)));
  }

  /** Resolves `ms` after `startedAt` (a performance.now() reading). */
  async hold(startedAt: number): Promise<void> {
    const left = startedAt + this.ms - performance.now();
    if (left > 0) await sleep(left);
  }
}
