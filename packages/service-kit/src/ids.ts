import { createHmac, randomBytes } from 'node:crypto';
import { workSlot } from './work-slot';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ID_LENGTH = 22;

/**
 * Random bytes drawn 4 KiB at a time: one call of the generator per couple of hundred ids, not
 * one per id (each call is a native job, with its async hooks, costing more than the bytes).
 * The bytes are the CSPRNG's all the same; Node's own randomUUID keeps such a cache.
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let drawn = 0;

function randomByte(): number {
  if (drawn === pool.length) {
    pool = randomBytes(POOL_BYTES);
    drawn = 0;
  }
  return pool[drawn++]!;
}

/** Random base62 string; 22 characters carry ~131 bits. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const b = randomByte();
    if (b < 248) out += ALPHABET[b % 62]; // rejection sampling keeps the distribution uniform
  }
  return out;
}

/** 22 base62 digits of a 256-bit digest (the low ones: the bias of 2^256 mod 62^22 is nil). */
function base62Of(digest: Buffer): string {
  let n = BigInt(`0x${digest.toString('hex')}`);
  let out = '';
  for (let i = 0; i < ID_LENGTH; i++, n /= 62n) out += ALPHABET[Number(n % 62n)];
  return out;
}

/**
 * The ids one keyed request draws: the nth id of a prefix is a keyed hash of the request's
 * seed, so a second run of the request (a takeover after the first died) draws the same ids in
 * the same order, and its writes find the first run's.
 */
class KeyedIds {
  private readonly drawn = new Map<string, number>();

  constructor(
    private readonly seed: string,
    /** Whether an earlier run of the request may have written (this run took its key over). */
    readonly rerun: boolean,
  ) {}

  /** The ids of a named part of the request: a stream of their own. */
  part(name: string): KeyedIds {
    return new KeyedIds(createHmac('sha256', this.seed).update(`part:${name}`).digest('base64url'), this.rerun);
  }

  next(prefix: string): string {
    const n = this.drawn.get(prefix) ?? 0;
    this.drawn.set(prefix, n + 1);
    return base62Of(createHmac('sha256', this.seed).update(`${prefix}:${n}`).digest());
  }
}

const keyed = workSlot<KeyedIds>('keyed ids');

/** A new random seed for `withKeyedIds` (kept with an Idempotency-Key's record). */
export const newIdSeed = () => randomBytes(16).toString('base64url');

/**
 * Runs `work` drawing its ids from `seed` (the idempotency middleware runs a keyed request so):
 * every run with the same seed draws the same ids. `rerun`: an earlier run may have written (this
 * one took the key over after it died or failed). Work started inside it that is not the
 * request's own (a background sweep a request kicks) runs in `unkeyed`.
 */
export const withKeyedIds = <T>(seed: string, work: () => T, rerun = false): T =>
  keyed.run(new KeyedIds(seed, rerun), work);

/**
 * Runs a part of a keyed request with its own stream of ids, named by `name` (a group's key):
 * parts that run at once draw the same ids on every run, however their awaits interleave.
 * Outside a keyed request it just runs `work`.
 */
export function keyedPart<T>(name: string, work: () => T): T {
  const ids = keyed.getStore();
  return ids ? keyed.run(ids.part(name), work) : work();
}

/**
 * Runs `work` drawing random ids, wherever it was started (background work a request kicks).
 * A run with no store rather than `exit`, which on Node 20 turns the async hooks off and on again.
 */
export const unkeyed = <T>(work: () => T): T => keyed.run(undefined, work);

/** Whether ids are drawn from a request's key here: a second run of this work is possible. */
export const inKeyedRequest = () => keyed.getStore() !== undefined;

/** Whether this is a keyed request run again: an earlier run of it may have written what it writes. */
export const isKeyedRerun = () => keyed.getStore()?.rerun === true;

/**
 * Prefixed, unguessable ids: `wh_3kT...`. Inside a keyed request (`withKeyedIds`) they come
 * from its seed, so a request run again after a crash names what it makes as the first run
 * did; elsewhere they are random.
 */
export function newId(prefix: string): string {
  const ids = keyed.getStore();
  return `${prefix}_${ids ? ids.next(prefix) : randomBase62(ID_LENGTH)}`;
}

/** A random id even inside a keyed request: for a thing a second run must not find (an event). */
export const randomId = (prefix: string) => `${prefix}_${randomBase62(ID_LENGTH)}`;
