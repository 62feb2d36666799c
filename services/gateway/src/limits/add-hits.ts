import { createHash } from 'node:crypto';
import type { ClientRateLimitInfo } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import type { RedisStore } from 'rate-limit-redis';

/**
 * rate-limit-redis's increment script by any number of hits: the same key and the same
 * window rules (a key with no time left starts a new window with these hits), with
 * INCRBY in place of INCR, so a key's hits of one flush cost one command instead of one each.
 */
const ADD_HITS = [
  'local windowMs = tonumber(ARGV[1])',
  'local hits = tonumber(ARGV[2])',
  'local timeToExpire = redis.call("PTTL", KEYS[1])',
  'if timeToExpire <= 0 then',
  '  redis.call("SET", KEYS[1], hits, "PX", windowMs)',
  '  return { hits, windowMs }',
  'end',
  'return { redis.call("INCRBY", KEYS[1], hits), timeToExpire }',
].join('\n');
const ADD_HITS_SHA = createHash('sha1').update(ADD_HITS).digest('hex');

export type AddHits = (key: string, hits: number) => Promise<ClientRateLimitInfo>;

/** Adds hits to a key of `store` (its prefix and window), loading the script when Redis lacks it. */
export function redisAddHits(redis: Redis, store: RedisStore): AddHits {
  return async (key, hits) => {
    const args = [store.prefixKey(key), String(store.windowMs), String(hits)];
    const reply = (await redis.evalsha(ADD_HITS_SHA, 1, ...args).catch((err: Error) => {
      if (!/^NOSCRIPT/.test(err.message)) throw err;
      return redis.eval(ADD_HITS, 1, ...args);
    })) as [number, number];
    return { totalHits: Number(reply[0]), resetTime: new Date(Date.now() + Number(reply[1])) };
  };
}
