import { AppError } from '@stockyard/service-kit';

export interface GateOptions {
  /** scrypt runs on libuv's 4-thread pool; two at a time leave room for everything else. */
  concurrency: number;
  /** Verifications allowed to wait; beyond that the gateway answers 503 rather than queue forever. */
  maxQueue: number;
  /** How long a (key id, token digest) that failed verification is refused without scrypt. */
  negativeTtlMs: number;
  maxNegatives: number;
}

export const DEFAULT_GATE: GateOptions = { concurrency: 2, maxQueue: 64, negativeTtlMs: 60_000, maxNegatives: 10_000 };

/**
 * Keeps scrypt from becoming a denial-of-service lever: a token that already failed is
 * refused from memory, concurrent checks of one token share one scrypt, and at most
 * `concurrency` scrypts run at once with a bounded queue.
 */
export class VerificationGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly inflight = new Map<string, Promise<boolean>>();
  private readonly failed = new Map<string, number>();

  constructor(private readonly options: GateOptions = DEFAULT_GATE) {}

  /** True when this exact token failed recently: refuse it without touching the database. */
  knownBad(id: string, now = Date.now()): boolean {
    const until = this.failed.get(id);
    if (until === undefined) return false;
    if (until > now) return true;
    this.failed.delete(id);
    return false;
  }

  verify(id: string, work: () => Promise<boolean>): Promise<boolean> {
    const shared = this.inflight.get(id);
    if (shared) return shared;
    const run = this.limited(work)
      .then((ok) => {
        if (!ok) this.refuse(id);
        return ok;
      })
      .finally(() => this.inflight.delete(id));
    this.inflight.set(id, run);
    return run;
  }

  /** Remembers a token that failed (wrong secret, unknown key id). */
  refuse(id: string): void {
    // A flood of distinct bad tokens must not grow memory without bound: drop the oldest.
    if (this.failed.size >= this.options.maxNegatives) this.failed.delete(this.failed.keys().next().value!);
    this.failed.set(id, Date.now() + this.options.negativeTtlMs);
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxQueue) {
        throw new AppError(
          'unavailable',
          'Too many API keys are being verified; retry shortly',
          'authentication_busy',
          undefined,
          { 'Retry-After': '1' },
        );
      }
      // The releasing caller hands its slot over, so `running` never exceeds the limit.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
