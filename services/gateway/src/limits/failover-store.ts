import type { Redis } from 'ioredis';
import { MemoryStore, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import type { Logger } from '@stockyard/service-kit';
import { redisAddHits } from './add-hits';
import { SharedCounts } from './shared-counts';

/**
 * Counts in Redis, shared by every replica (SharedCounts: a request far from its key's
 * limit does not wait for Redis); when Redis is unreachable or slow, counts in this
 * process's memory instead (fail open to a local limit, never hang, never refuse
 * everything), and goes back to Redis as soon as it answers again.
 */
export class FailoverStore implements Store {
  readonly localKeys = false;
  private readonly shared: RedisStore;
  private readonly counts: SharedCounts;
  private readonly local = new MemoryStore();
  private lastWarning = 0;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    limit: number,
    private readonly logger: Logger,
  ) {
    this.shared = new RedisStore({
      prefix,
      sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as never,
    });
    this.counts = new SharedCounts(this.shared, redisAddHits(redis, this.shared), limit, (err) => this.degraded(err));
  }

  init(options: Options): void {
    this.local.init(options);
    this.shared.windowMs = options.windowMs;
    // Scripts load on every (re)connect: loading before the connection is up would fail.
    this.redis.on('ready', () => this.reloadScripts());
    if (this.redis.status === 'ready') this.reloadScripts();
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    if (this.redis.status === 'ready') {
      try {
        return await this.counts.increment(key);
      } catch (err) {
        this.degraded(err as Error);
        this.reloadScripts();
      }
    } else {
      this.degraded(new Error(`redis is ${this.redis.status}`));
    }
    return this.local.increment(key);
  }

  async decrement(key: string): Promise<void> {
    await Promise.all([this.shared.decrement(key).catch(() => undefined), this.local.decrement(key)]);
  }

  async resetKey(key: string): Promise<void> {
    this.counts.forget(key);
    await Promise.all([this.shared.resetKey(key).catch(() => undefined), this.local.resetKey(key)]);
  }

  /** A failed SCRIPT LOAD would poison every later increment: load again on the next use. */
  private reloadScripts(): void {
    const increment = this.shared.loadIncrementScript();
    const get = this.shared.loadGetScript();
    increment.catch(() => undefined);
    get.catch(() => undefined);
    this.shared.incrementScriptSha = increment;
    this.shared.getScriptSha = get;
  }

  private degraded(err: Error): void {
    if (Date.now() - this.lastWarning < 30_000) return;
    this.lastWarning = Date.now();
    this.logger.warn({ err: err.message }, 'rate limit store unavailable; counting per replica until Redis answers');
  }
}
