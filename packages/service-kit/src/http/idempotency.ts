import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Connection } from 'mongoose';
import { AppError } from '../errors';
import { isDuplicateKeyError } from '../db/mongo';

interface StoredResponse {
  status: number;
  body: unknown;
}
interface IdempotencyRecord {
  _id: string;
  bodyHash: string;
  state: 'in_progress' | 'done';
  lockedUntil: Date;
  response?: StoredResponse;
  createdAt: Date;
}

const KEY = /^[\x21-\x7e]{1,255}$/;
/** A request that died mid-flight frees its key after this long. */
const LOCK_MS = 60_000;

/**
 * Stripe-style Idempotency-Key for POSTs: the first response (2xx or 4xx) is stored
 * per organization and key and replayed for a retry with the same body; a different
 * body is a 422, a retry while the first is still running a 409 with Retry-After.
 * 5xx responses are not stored, so the client may retry them.
 */
export function idempotency(connection: Connection) {
  const records = connection.collection<IdempotencyRecord>('idempotency_keys');

  return async (req: Request, res: Response, next: NextFunction) => {
    const key = req.get('idempotency-key');
    if (req.method !== 'POST' || key === undefined || !req.identity) return next();
    if (!KEY.test(key)) throw new AppError('bad_request', 'Idempotency-Key must be 1-255 printable characters', 'invalid_idempotency_key');

    const id = `${req.identity.orgId}:${req.method}:${req.originalUrl.split('?')[0]}:${key}`;
    const bodyHash = createHash('sha256').update(JSON.stringify(req.body ?? null)).digest('hex');
    const now = new Date();
    try {
      await records.insertOne({ _id: id, bodyHash, state: 'in_progress', lockedUntil: new Date(now.getTime() + LOCK_MS), createdAt: now });
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      const existing = await records.findOne({ _id: id });
      if (!existing) throw new AppError('conflict', 'Idempotency key is being reset; retry', 'idempotency_in_progress', undefined, { 'Retry-After': '1' });
      if (existing.bodyHash !== bodyHash)
        throw new AppError('unprocessable', 'Idempotency-Key was already used with a different request body', 'idempotency_key_reused');
      if (existing.state === 'done' && existing.response) {
        res.setHeader('Idempotent-Replayed', 'true');
        return res.status(existing.response.status).json(existing.response.body);
      }
      const taken = await records.updateOne(
        { _id: id, state: 'in_progress', lockedUntil: { $lt: now } },
        { $set: { lockedUntil: new Date(now.getTime() + LOCK_MS) } },
      );
      if (taken.modifiedCount !== 1)
        throw new AppError('conflict', 'A request with this Idempotency-Key is in progress', 'idempotency_in_progress', undefined, { 'Retry-After': '1' });
    }

    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const status = res.statusCode;
      const settle =
        status >= 500
          ? records.deleteOne({ _id: id })
          : records.updateOne({ _id: id }, { $set: { state: 'done', response: { status, body } } });
      // The response waits for the record so a retry racing it sees the stored result.
      settle.then(
        () => json(body),
        () => json(body),
      );
      return res;
    };
    next();
  };
}
