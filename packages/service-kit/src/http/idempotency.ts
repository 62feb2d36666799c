import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import type { Collection, Connection } from 'mongoose';
import { canonicalJson } from '../canonical-json';
import { AppError } from '../errors';
import { isDuplicateKeyError } from '../db/mongo';
import { documentLocks } from '../db/document-lock';
import { occasionalSweep } from '../db/sweep';
import { newIdSeed, withKeyedIds } from '../ids';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /**
       * The body as a stream, for a route that reads it unparsed (a CSV upload): read through
       * this, its bytes are what an Idempotency-Key compares (set by the idempotency middleware).
       */
      bodyStream(): Readable;
    }
  }
}

interface IdempotencyRecord {
  _id: string;
  bodyHash: string;
  state: 'in_progress' | 'done';
  /** The ids the request draws come from it (`withKeyedIds`), so a run after a crash draws the same. */
  seed?: string;
  lockedUntil: Date;
  response?: { status: number; body: unknown };
  createdAt: Date;
}
type Records = Collection<IdempotencyRecord>;

const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * How a running request holds its key: its lock runs `lockMs` past its last renewal, renewed every
 * `renewEveryMs` while it runs, so a request of any length keeps its key and one whose process
 * died frees it within `lockMs`.
 */
interface KeyHold {
  lockMs: number;
  renewEveryMs: number;
}
const KEY_HOLD: KeyHold = { lockMs: 15_000, renewEveryMs: 5_000 };
/** Keys are remembered this long, as Stripe does; older records are swept. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** 409 `idempotency_in_progress`: the key's first run is still running (or still being recorded). */
export const idempotencyInProgress = () =>
  new AppError('conflict', 'A request with this Idempotency-Key is in progress', 'idempotency_in_progress', undefined, {
    'Retry-After': '1',
  });

const reused = () =>
  new AppError(
    'unprocessable',
    'Idempotency-Key was already used with a different request body',
    'idempotency_key_reused',
  );

/** A body express.json did not parse (not JSON): the route reads it as a stream, if at all. */
const streamed = (req: Request) =>
  req.body === undefined &&
  (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0);

/** A hash of raw bytes (never equal to a JSON body's). */
const rawHasher = () => {
  const hash = createHash('sha256').update('raw\n');
  return { update: (chunk: Buffer) => hash.update(chunk), digest: () => `raw:${hash.digest('hex')}` };
};

/** Reads the whole body, keeping only its hash. */
async function hashOf(body: AsyncIterable<Buffer>): Promise<string> {
  const hash = rawHasher();
  for await (const chunk of body) hash.update(chunk);
  return hash.digest();
}

/** The same JSON with its keys in another order is the same request. */
const canonicalHash = (value: unknown) =>
  createHash('sha256')
    .update(canonicalJson(value ?? null))
    .digest('hex');

/**
 * Stripe-style Idempotency-Key for POSTs: the first response (2xx or 4xx) is stored
 * per organization, route and key for 24 hours and replayed for a retry with the same
 * body (`Idempotent-Replayed: true`); a different body is a 422, a retry while the
 * first still runs a 409 with Retry-After. 5xx responses are not stored, so the
 * client may retry them. A body that is not JSON (a CSV upload) is compared by its bytes:
 * the route reads it through `req.bodyStream()`, hashed as it streams; a retry's is read
 * and hashed before it is replayed (or refused); a response to a body the route did not
 * read to its end is not stored.
 *
 * A request that dies mid-flight (its process killed) frees its key within `KeyHold.lockMs`, and a retry
 * then runs it again: with the same ids as the first run (the seed on the record), so what the
 * first run wrote is found, not made twice (`AggregateStore.create`; a keyed change compares
 * its ids). A 5xx keeps the seed too: the retry it invites may run at once.
 */
export function idempotency(connection: Connection, hold: KeyHold = KEY_HOLD) {
  const records = connection.collection<IdempotencyRecord>('idempotency_keys');
  const sweep = occasionalSweep(records as never, 'createdAt', IDEMPOTENCY_TTL_MS);

  return async (req: Request, res: Response, next: NextFunction) => {
    req.bodyStream = () => req;
    const key = req.get('idempotency-key');
    if (req.method !== 'POST' || key === undefined || !req.identity) return next();
    if (!KEY.test(key))
      throw new AppError(
        'bad_request',
        'Idempotency-Key must be 1-255 printable characters',
        'invalid_idempotency_key',
      );
    sweep();

    const id = `${req.identity.orgId}:${req.originalUrl.split('?')[0]}:${key}`;
    const raw = streamed(req);
    const bodyHash = raw ? null : canonicalHash(req.body);
    // The lock orders concurrent retries in this process (stock FerretDB's conditional updates were not atomic).
    const { done, seed, rerun } = await documentLocks.run(`idempotency_keys/${id}`, () =>
      claim(records, id, bodyHash, hold.lockMs),
    );
    if (done) {
      if (raw && (await hashOf(req)) !== done.bodyHash) throw reused();
      res.setHeader('Idempotent-Replayed', 'true');
      return res.status(done.response!.status).json(done.response!.body);
    }
    const release = holdWhileRunning(records, id, res, hold);
    if (!raw) {
      recordResponse(records, id, res, () => bodyHash!, release);
      return withKeyedIds(seed, next, rerun);
    }
    let digest: string | undefined;
    let body: Readable | undefined;
    req.bodyStream = () => (body ??= hashedStream(req, (hash) => (digest = hash)));
    recordResponse(records, id, res, () => digest, release);
    withKeyedIds(seed, next, rerun);
  };
}

/** The request body passed through, its hash handed to `done` once it has all been read. */
function hashedStream(req: Request, done: (hash: string) => void): Readable {
  const hash = rawHasher();
  const through = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      done(hash.digest());
      callback();
    },
  });
  return pipeline(req, through, () => undefined);
}

/** The record to replay, or the seed of this run's ids and whether an earlier run may have written. */
type Claimed =
  { done: IdempotencyRecord; seed?: undefined; rerun?: undefined } | { done?: undefined; seed: string; rerun: boolean };

/**
 * Claims the key for this request (answering the seed its ids come from), or returns the
 * finished first request's record to replay. `bodyHash` null: not known yet (a streamed body),
 * so the caller compares it.
 */
async function claim(records: Records, id: string, bodyHash: string | null, lockMs: number): Promise<Claimed> {
  const now = new Date();
  const fresh = {
    _id: id,
    bodyHash: bodyHash ?? '',
    state: 'in_progress' as const,
    lockedUntil: new Date(now.getTime() + lockMs),
    seed: newIdSeed(),
    createdAt: now,
  };
  try {
    await records.insertOne(fresh);
    return { seed: fresh.seed, rerun: false };
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  const existing = await records.findOne({ _id: id });
  if (!existing) throw idempotencyInProgress();
  if (now.getTime() - existing.createdAt.getTime() > IDEMPOTENCY_TTL_MS) {
    // Expired but not swept yet: the key starts over.
    await records.replaceOne({ _id: id }, fresh);
    return { seed: fresh.seed, rerun: false };
  }
  if (bodyHash !== null && existing.bodyHash !== bodyHash) throw reused();
  if (existing.state === 'done' && existing.response) return { done: existing };
  if (existing.lockedUntil > now) throw idempotencyInProgress();
  // The first run died mid-flight (or failed): this one takes over, once, with its seed.
  const seed = existing.seed ?? fresh.seed;
  const taken = await records.updateOne(
    { _id: id, lockedUntil: existing.lockedUntil },
    { $set: { lockedUntil: fresh.lockedUntil, seed } },
  );
  if (taken.matchedCount === 0) throw idempotencyInProgress();
  return { seed, rerun: true };
}

/**
 * Renews the request's lock while it runs (see KeyHold); answers the function that stops it, which
 * the answer's record calls first. A client gone stops it too: the request may still run, and a
 * retry that takes the key over then runs with the same ids.
 */
function holdWhileRunning(records: Records, id: string, res: Response, hold: KeyHold): () => void {
  const timer = setInterval(() => {
    const lockedUntil = new Date(Date.now() + hold.lockMs);
    void records.updateOne({ _id: id, state: 'in_progress' }, { $set: { lockedUntil } }).catch(() => undefined);
  }, hold.renewEveryMs);
  timer.unref();
  const release = () => clearInterval(timer);
  res.once('close', release);
  return release;
}

/**
 * The answer as stored for replays: without its secret fields (a new API key's plaintext, a
 * webhook signing secret), which are shown once and never written down in clear. A replay
 * answers the record without them.
 */
function withoutSecrets(body: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields?.length || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const kept = { ...(body as Record<string, unknown>) };
  for (const field of fields) delete kept[field];
  return kept;
}

/**
 * Stores the response before it is sent, so a retry racing it finds the result. JSON
 * bodies are kept; anything else (204, text) is stored with a null body. With the request
 * body's hash: a streamed body's is known once read, and without it nothing is stored.
 */
function recordResponse(
  records: Records,
  id: string,
  res: Response,
  bodyHash: () => string | undefined,
  release: () => void,
): void {
  const settle = (body: unknown) => {
    release();
    const hash = bodyHash();
    body = withoutSecrets(body, res.locals.secretFields as readonly string[] | undefined);
    if (hash === undefined) return records.deleteOne({ _id: id });
    // A failure frees the key for a retry now, which runs with the same ids (the seed is kept).
    if (res.statusCode >= 500) return records.updateOne({ _id: id }, { $set: { lockedUntil: new Date(0) } });
    return records.updateOne(
      { _id: id },
      { $set: { state: 'done', bodyHash: hash, response: { status: res.statusCode, body } } },
    );
  };

  const json = res.json.bind(res);
  let settled = false;
  res.json = (body: unknown) => {
    settled = true;
    void settle(body).finally(() => json(body));
    return res;
  };
  res.on('finish', () => {
    if (!settled) void settle(null).catch(() => undefined);
  });
}
