import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Collection, Connection } from 'mongoose';
import { AppError } from '../errors';
import { isDuplicateKeyError } from '../db/mongo';
import { documentLocks } from '../db/document-lock';
import { occasionalSweep } from '../db/sweep';

interface IdempotencyRecord {
  _id: string;
  bodyHash: string;
  state: 'in_progress' | 'done';
  lockedUntil: Date;
  response?: { status: number; body: unknown };
  createdAt: Date;
}
type Records = Collection<IdempotencyRecord>;

const KEY = /^[\x21-\x7e]{1,255}$/;
/** A request that died mid-flight frees its key after this long. */
const LOCK_MS = 60_000;
/** Keys are remembered this long, as Stripe does; older records are swept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const inProgress = () =>
  new AppError('conflict', 'A request with this Idempotency-Key is in progress', 'idempotency_in_progress', undefined, {
    'Retry-After': '1',
  });

/** The same JSON with its keys in another order is the same request. */
function canonicalHash(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(value ?? null)))
    .digest('hex');
}

/**
 * Stripe-style Idempotency-Key for POSTs: the first response (2xx or 4xx) is stored
 * per organization, route and key for 24 hours and replayed for a retry with the same
 * body (`Idempotent-Replayed: true`); a different body is a 422, a retry while the
 * first still runs a 409 with Retry-After. 5xx responses are not stored, so the
 * client may retry them.
 */
export function idempotency(connection: Connection) {
  const records = connection.collection<IdempotencyRecord>('idempotency_keys');
  const sweep = occasionalSweep(records as never, 'createdAt', IDEMPOTENCY_TTL_MS);

  return async (req: Request, res: Response, next: NextFunction) => {
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
    const bodyHash = canonicalHash(req.body);
    // The lock orders concurrent retries in this process (FerretDB's conditional updates are not atomic).
    const replay = await documentLocks.run(`idempotency_keys/${id}`, () => claim(records, id, bodyHash));
    if (replay) {
      res.setHeader('Idempotent-Replayed', 'true');
      return res.status(replay.status).json(replay.body);
    }
    recordResponse(records, id, res);
    next();
  };
}

/** Claims the key for this request, or returns the stored response to replay. */
async function claim(
  records: Records,
  id: string,
  bodyHash: string,
): Promise<IdempotencyRecord['response'] | undefined> {
  const now = new Date();
  const fresh = {
    _id: id,
    bodyHash,
    state: 'in_progress' as const,
    lockedUntil: new Date(now.getTime() + LOCK_MS),
    createdAt: now,
  };
  try {
    await records.insertOne(fresh);
    return undefined;
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  const existing = await records.findOne({ _id: id });
  if (!existing) throw inProgress();
  if (now.getTime() - existing.createdAt.getTime() > IDEMPOTENCY_TTL_MS) {
    // Expired but not swept yet: the key starts over.
    await records.replaceOne({ _id: id }, fresh);
    return undefined;
  }
  if (existing.bodyHash !== bodyHash)
    throw new AppError(
      'unprocessable',
      'Idempotency-Key was already used with a different request body',
      'idempotency_key_reused',
    );
  if (existing.state === 'done' && existing.response) return existing.response;
  if (existing.lockedUntil > now) throw inProgress();
  // The first request died mid-flight: this one takes over.
  await records.updateOne({ _id: id }, { $set: { lockedUntil: fresh.lockedUntil } });
  return undefined;
}

/**
 * Stores the response before it is sent, so a retry racing it finds the result. JSON
 * bodies are kept; anything else (204, text) is stored with a null body.
 */
function recordResponse(records: Records, id: string, res: Response): void {
  const settle = (body: unknown) =>
    res.statusCode >= 500
      ? records.deleteOne({ _id: id })
      : records.updateOne({ _id: id }, { $set: { state: 'done', response: { status: res.statusCode, body } } });

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
