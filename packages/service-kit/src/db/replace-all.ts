import { isDuplicateKeyError } from './mongo';
import type { Collection } from 'mongoose';

/** Writes per bulk write (our FerretDB build never answers one of 100 or more: store/batch-change.ts). */
const BULK_WRITE_OPS = 50;

type WriteFailure = { code?: number; errmsg?: string };

/** Whether every write a bulk write refused was a duplicate `_id` (the driver lists them in `writeErrors`). */
function onlyDuplicates(err: unknown): boolean {
  const raw = (err as { writeErrors?: WriteFailure[] | WriteFailure }).writeErrors;
  if (raw === undefined) return isDuplicateKeyError(err);
  return (Array.isArray(raw) ? raw : [raw]).every((f) => isDuplicateKeyError({ code: f.code, message: f.errmsg }));
}

/**
 * A projection's documents replaced by their filters (inserted when none matches), in bulk writes.
 * A filter that also asks for an older `version` leaves a newer document be: the insert its upsert
 * then tries is a duplicate `_id`, which is no failure (an older update came after a newer one).
 */
export async function replaceAll(
  collection: Collection,
  writes: readonly { filter: Record<string, unknown>; doc: Record<string, unknown> }[],
): Promise<void> {
  for (let i = 0; i < writes.length; i += BULK_WRITE_OPS) {
    const ops = writes
      .slice(i, i + BULK_WRITE_OPS)
      .map(({ filter, doc }) => ({ replaceOne: { filter, replacement: doc, upsert: true } }));
    try {
      await collection.bulkWrite(ops, { ordered: false });
    } catch (err) {
      if (!onlyDuplicates(err)) throw err;
    }
  }
}

/**
 * Inserts the documents in one unordered insert, answering each one's fate: true when it was
 * inserted, false when its `_id` was there already (left as it is). Any other refusal is thrown.
 */
export async function insertEach(collection: Collection, docs: readonly Record<string, unknown>[]): Promise<boolean[]> {
  if (docs.length === 0) return [];
  try {
    await collection.insertMany(docs, { ordered: false });
    return docs.map(() => true);
  } catch (err) {
    const raw = (err as { writeErrors?: (WriteFailure & { index: number })[] | (WriteFailure & { index: number }) })
      .writeErrors;
    if (raw === undefined || !onlyDuplicates(err)) throw err;
    const taken = new Set((Array.isArray(raw) ? raw : [raw]).map((f) => f.index));
    return docs.map((_, i) => !taken.has(i));
  }
}
