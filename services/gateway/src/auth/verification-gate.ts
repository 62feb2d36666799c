import { AppError, type Logger } from '@stockyard/service-kit';
import { AttemptBudget, DEFAULT_BUDGET, THROTTLED, type BudgetOptions } from './attempt-budget';
import { FairQueue } from './fair-queue';

export interface GateOptions {
  /** scrypt runs on libuv's 4-thread pool; two at a time leave room for everything else. */
  concurrency: number;
  /** scrypt verifications allowed to wait in all; beyond that 429, never an unbounded queue. */
  maxQueue: number;
  /** How long a (key id, token digest) that failed verification is refused without scrypt. */
  negativeTtlMs: number;
  maxNegatives: number;
  budget: BudgetOptions;
}

export const DEFAULT_GATE: GateOptions = {
  concurrency: 2,
  maxQueue: 64,
  negativeTtlMs: 60_000,
  maxNegatives: 10_000,
  budget: DEFAULT_BUDGET,
};

/** Who an unverified attempt is charged to. */
export interface Attempt {
  /** The key id and the token's digest: identical attempts share one verification. */
  id: string;
  keyId: string;
  client: string;
}

/** Runs scrypt in a fair slot of the gate (see FairQueue). */
export type KdfSlot = <T>(work: () => Promise<T>) => Promise<T>;

const THROTTLE_LOG_MS = 10_000;

/**
 * Keeps scrypt from becoming a denial-of-service lever for a token this process has not
 * verified yet: a token that already failed is refused from memory, concurrent checks of
 * one token share one verification, every other attempt is charged to its key id's and
 * client's budget first (429 when spent), and scrypt runs at most `concurrency` at a time,
 * the waiting ones taking turns by key id.
 */
export class VerificationGate {
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly failed = new Map<string, number>();
  private readonly budget: AttemptBudget;
  private readonly queue: FairQueue;
  private throttledSince = 0;
  private loggedAt = 0;

  constructor(
    private readonly options: GateOptions = DEFAULT_GATE,
    private readonly logger?: Logger,
  ) {
    this.budget = new AttemptBudget(options.budget);
    this.queue = new FairQueue(options.concurrency, options.maxQueue);
  }

  /** True when this exact token failed recently: refuse it without touching the database. */
  knownBad(id: string, now = Date.now()): boolean {
    const until = this.failed.get(id);
    if (until === undefined) return false;
    if (until > now) return true;
    this.failed.delete(id);
    return false;
  }

  /**
   * Verifies once: `work` reads the key and runs scrypt through the slot it is given, and
   * answers what it verified or null (refused, and remembered as such). A verified attempt
   * gives its budget back; an error (the database) too, as it says nothing about the token.
   */
  verify<T>(attempt: Attempt, work: (kdf: KdfSlot) => Promise<T | null>): Promise<T | null> {
    const shared = this.inflight.get(attempt.id) as Promise<T | null> | undefined;
    if (shared) return shared;
    try {
      this.charge(attempt);
    } catch (err) {
      return Promise.reject(err);
    }
    const kdf: KdfSlot = (job) => this.queue.run(attempt.keyId, job).catch((err) => this.noteThrottled(attempt, err));
    const run = work(kdf)
      .then(
        (result) => {
          if (result === null) this.refuse(attempt.id);
          else this.budget.refund(attempt.keyId, attempt.client);
          return result;
        },
        (err: unknown) => {
          this.budget.refund(attempt.keyId, attempt.client);
          throw err;
        },
      )
      .finally(() => this.inflight.delete(attempt.id));
    this.inflight.set(attempt.id, run);
    return run;
  }

  /** Remembers a token that failed (wrong secret, unknown key id). */
  refuse(id: string): void {
    // A flood of distinct bad tokens must not grow memory without bound: drop the oldest.
    if (this.failed.size >= this.options.maxNegatives) this.failed.delete(this.failed.keys().next().value!);
    this.failed.set(id, Date.now() + this.options.negativeTtlMs);
  }

  /**
   * Charges an attempt to its key id's and client's budgets; rejects with 429 when spent.
   * `verify` charges its own; a wrong secret refused from memory is charged here, so a key
   * id answers 429 after the same number of attempts whether or not it exists.
   */
  charge(attempt: Omit<Attempt, 'id'>): void {
    try {
      this.budget.take(attempt.keyId, attempt.client);
    } catch (err) {
      this.noteThrottled(attempt, err);
    }
  }

  /** Logs throttling as one line per 10 s at most, with the count since the last line. */
  private noteThrottled(attempt: Omit<Attempt, 'id'>, err: unknown): never {
    if (!(err instanceof AppError && err.code === THROTTLED)) throw err;
    this.throttledSince++;
    const now = Date.now();
    if (this.logger && now - this.loggedAt >= THROTTLE_LOG_MS) {
      this.logger.warn(
        { refused: this.throttledSince, keyId: attempt.keyId, client: attempt.client },
        'authentication attempts throttled',
      );
      this.loggedAt = now;
      this.throttledSince = 0;
    }
    throw err;
  }
}
