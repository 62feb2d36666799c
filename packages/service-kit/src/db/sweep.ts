import type { Collection } from 'mongoose';

/**
 * Deletes documents older than `ttlMs` at most once per `everyMs`, when called.
 * FerretDB has no TTL indexes, so bookkeeping collections clean up after themselves.
 */
export function occasionalSweep(collection: Collection, field: string, ttlMs: number, everyMs = 60 * 60 * 1000) {
  let last = 0;
  return (now = Date.now()) => {
    if (now - last < everyMs) return;
    last = now;
    void collection.deleteMany({ [field]: { $lt: new Date(now - ttlMs) } }).catch(() => undefined);
  };
}
