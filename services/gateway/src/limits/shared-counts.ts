import type { ClientRateLimitInfo } from 'express-rate-limit';
import type { RedisStore } from 'rate-limit-redis';
import { RecentMap } from '@stockyard/service-kit/store';
import type { AddHits } from './add-hits';

/** How long a key's hits far from its limit wait in memory before they go to Redis together. */
export const FLUSH_MS = 10;

/** Keys whose last count is remembered (an LRU: a forgotten key is counted in Redis first). */
const REMEMBERED_KEYS = 100_000;

/** A window Redis answers that ends this much later than the known one is a new window (not clock jitter). */
const NEW_WINDOW_MS = 1000;

/**
 * The part of a key's budget counted request by request in Redis: the second half of
 * the limit, and never less than 10 requests. A replica's count in Redis misses the hits
 * other replicas still hold (up to one flush interval of them), so the tail must exceed
 * what they can let through for one key in that time: half of 300 a minute is 150
 * requests in 10 ms, where a tenth (30) was overrun by a test's bursts across two replicas.
 */
export const exactTail = (limit: number) => Math.max(10, Math.ceil(limit / 2));

interface KeyCount {
  /** The key's count in Redis as of the last answer (every replica's hits that reached it). */
  hits: number;
  /** When the window Redis answered for ends. */
  resetTime: Date;
  /** This replica's hits not yet sent. */
  pending: number;
  /** This replica's hits sent and not yet answered. */
  sending: number;
}

/**
 * A key's hits counted in Redis by rate-limit-redis, without every request waiting for
 * Redis. The first request of a key's window, and every request in the last part of its
 * budget (`exactTail`), is counted in Redis before it is answered: exact, whichever
 * replica takes it. Before that, a request is allowed on this replica's estimate (the
 * last count Redis gave, plus this replica's hits since) and its hit goes to Redis with
 * the others of the next FLUSH_MS: one command per key (`addHits`), all keys' commands in
 * one write (the client pipelines them).
 *
 * So in the first half of its budget a key costs no round trip per request, and the
 * limit still holds unless other replicas let more than the tail through for one key
 * within one flush: a key allowed 300 a minute would need 150 requests in 10 ms.
 */
export class SharedCounts {
  private readonly counts = new RecentMap<string, KeyCount>(REMEMBERED_KEYS);
  private readonly dirty = new Set<string>();
  private timer?: NodeJS.Timeout;
  private readonly exactFrom: number;

  constructor(
    /** rate-limit-redis: the exact, one-hit increments. */
    private readonly store: RedisStore,
    /** The same count by many hits at once (the flush's). */
    private readonly addHits: AddHits,
    limit: number,
    /** Told when hits sent in the background could not be counted (they are lost). */
    private readonly onError: (err: Error) => void,
  ) {
    this.exactFrom = limit - exactTail(limit);
  }

  increment(key: string): Promise<ClientRateLimitInfo> {
    const count = this.counts.get(key);
    if (
      count &&
      count.resetTime.getTime() > Date.now() &&
      count.hits + count.sending + count.pending < this.exactFrom
    ) {
      count.pending++;
      this.dirty.add(key);
      this.timer ??= setTimeout(() => this.flush(), FLUSH_MS).unref();
      return Promise.resolve({ totalHits: count.hits + count.sending + count.pending, resetTime: count.resetTime });
    }
    return this.incrementNow(key, count);
  }

  /** Counted in Redis before it is answered, after this replica's hits waiting to go (one pipeline). */
  private async incrementNow(key: string, count: KeyCount | undefined): Promise<ClientRateLimitInfo> {
    if (count?.pending) this.send(key, count);
    const answer = await this.store.increment(key);
    this.answered(key, answer);
    return answer;
  }

  /** Drops what this replica knows of the key (a reset). */
  forget(key: string): void {
    this.counts.delete(key);
    this.dirty.delete(key);
  }

  /** Sends every key's waiting hits. */
  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const key of this.dirty) {
      const count = this.counts.get(key);
      if (count?.pending) this.send(key, count);
    }
    this.dirty.clear();
  }

  /** The key's waiting hits, as one command (pipelined with the other keys' of the flush). */
  private send(key: string, count: KeyCount): void {
    const hits = count.pending;
    count.pending = 0;
    count.sending += hits;
    this.addHits(key, hits).then(
      (answer) => {
        count.sending -= hits;
        this.answered(key, answer);
      },
      (err: Error) => {
        count.sending -= hits;
        this.onError(err);
      },
    );
  }

  /**
   * Redis answers in the order it was asked, but the answers of a batch and of a later
   * single increment may reach here in either order: within a window the higher count is
   * the later one.
   */
  private answered(key: string, answer: ClientRateLimitInfo): void {
    const resetTime = answer.resetTime ?? new Date(0);
    const count = this.counts.get(key);
    if (!count) {
      this.counts.set(key, { hits: answer.totalHits, resetTime, pending: 0, sending: 0 });
      return;
    }
    if (resetTime.getTime() > count.resetTime.getTime() + NEW_WINDOW_MS) {
      count.hits = answer.totalHits;
      count.resetTime = resetTime;
    } else {
      count.hits = Math.max(count.hits, answer.totalHits);
    }
  }
}
