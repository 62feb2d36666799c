import type { Redis } from 'ioredis';
import { RedisStore } from 'rate-limit-redis';
import { createLogger } from '@stockyard/service-kit/ops';
import { infraEnv, isolatedNames } from '@stockyard/testkit';
import { redisAddHits, type AddHits } from '../src/limits/add-hits';
import { exactTail, FLUSH_MS, SharedCounts } from '../src/limits/shared-counts';
import { connectRedis } from '../src/store/redis';

/**
 * A command's budget here: the gateway's 250 ms is for a request not to wait on Redis, and a busy
 * machine (a CI run) has made a command of this spec outlast it; what the spec checks is the counts.
 */
const COMMAND_TIMEOUT_MS = 10_000;

/** A replica's counts over its own Redis connection, as the gateway builds them. */
async function replica(prefix: string, limit: number, windowMs = 60_000) {
  const redis = connectRedis(infraEnv().redisUrl, createLogger('gateway', 'silent'), 'commands', COMMAND_TIMEOUT_MS);
  await new Promise((resolve) => redis.once('ready', resolve)); // commands never queue
  const store = new RedisStore({
    prefix,
    sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as never,
  });
  store.windowMs = windowMs;
  const errors: Error[] = [];
  const addHits = redisAddHits(redis, store);
  const batches: number[] = [];
  const counting: AddHits = (key, hits) => {
    batches.push(hits);
    return addHits(key, hits);
  };
  return { redis, counts: new SharedCounts(store, counting, limit, (err) => errors.push(err)), errors, batches };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function eventuallyEquals(read: () => Promise<unknown>, expected: unknown, ms = 2000) {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    if ((last = await read()) === expected) return;
    await sleep(5);
  }
  expect(last).toBe(expected);
}

describe('SharedCounts (rate-limit hits in Redis, far from the limit without a round trip each)', () => {
  const redises: Redis[] = [];
  let prefix: string;
  const start = async (limit: number, windowMs?: number) => {
    const r = await replica(prefix, limit, windowMs);
    redises.push(r.redis);
    return r;
  };

  beforeEach(() => {
    prefix = `${isolatedNames('gateway').redisPrefix}${Math.random().toString(36).slice(2)}:`;
  });
  afterAll(() => redises.forEach((r) => r.disconnect()));

  it('counts the first hit in Redis, answers the next from memory, and sends them together in the flush', async () => {
    const { redis, counts, batches } = await start(1000);
    expect((await counts.increment('k')).totalHits).toBe(1);
    expect(await redis.get(`${prefix}k`)).toBe('1');

    const answers = await Promise.all(Array.from({ length: 50 }, () => counts.increment('k')));
    expect(answers.map((a) => a.totalHits)).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    // Asked on the same connection before the flush's increments: Redis has not seen them yet.
    expect(await redis.get(`${prefix}k`)).toBe('1');
    await eventuallyEquals(() => redis.get(`${prefix}k`), '51', FLUSH_MS + 1000);
    expect(batches).toEqual([50]); // the flush's 50 hits as one command
  });

  it('adds a batch of hits with rate-limit-redis window rules: a key with no time left starts a window', async () => {
    const redis = connectRedis(infraEnv().redisUrl, createLogger('gateway', 'silent'), 'commands', COMMAND_TIMEOUT_MS);
    redises.push(redis);
    await new Promise((resolve) => redis.once('ready', resolve));
    const store = new RedisStore({
      prefix,
      sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as never,
    });
    store.windowMs = 60_000;
    const addHits = redisAddHits(redis, store);

    const first = await addHits('k', 7);
    expect(first.totalHits).toBe(7);
    expect(first.resetTime!.getTime() - Date.now()).toBeGreaterThan(59_000);
    expect(await redis.pttl(`${prefix}k`)).toBeGreaterThan(59_000);
    expect((await addHits('k', 5)).totalHits).toBe(12);
    expect((await store.increment('k')).totalHits).toBe(13); // one count, whichever path adds to it

    await redis.pexpire(`${prefix}k`, 1); // the window ends
    await sleep(5);
    expect((await addHits('k', 3)).totalHits).toBe(3);
  });

  it('two replicas in concurrent batches allow exactly the limit between them, refusing the next on both', async () => {
    const limit = 300;
    const a = await start(limit);
    const b = await start(limit);
    const allowed: number[] = [];
    for (let batch = 0; batch < 15; batch++) {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).counts.increment('k')));
      allowed.push(...answers.filter((x) => x.totalHits <= limit).map((x) => x.totalHits));
      await sleep(2); // requests arrive over time, not all in one tick
    }
    expect(allowed).toHaveLength(limit);
    expect((await a.counts.increment('k')).totalHits).toBeGreaterThan(limit);
    expect((await b.counts.increment('k')).totalHits).toBeGreaterThan(limit);
    await eventuallyEquals(() => a.redis.get(`${prefix}k`), String(limit + 2));
    expect(exactTail(limit)).toBe(150);
  });

  it('counts in Redis again once the window it knows has ended', async () => {
    const { redis, counts } = await start(1000, 300);
    await counts.increment('k');
    for (let i = 0; i < 5; i++) await counts.increment('k');
    await eventuallyEquals(() => redis.get(`${prefix}k`), '6');
    await sleep(350);
    const next = await counts.increment('k');
    expect(next.totalHits).toBe(1);
    expect(next.resetTime!.getTime()).toBeGreaterThan(Date.now());
  });

  it('reports hits it could not send, and still answers', async () => {
    const { redis, counts, errors } = await start(1000);
    await counts.increment('k');
    expect((await counts.increment('k')).totalHits).toBe(2); // waits for the flush
    redis.disconnect(); // no offline queue: the flush's increments fail at once
    await eventuallyEquals(async () => errors.length > 0, true);
  });
});
