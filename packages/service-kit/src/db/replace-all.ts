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

type Replacement = { filter: { _id: string } & Record<string, unknown>; doc: Record<string, unknown> };

/**
 * A projection's documents replaced by their filters (inserted when none matches), in bulk writes.
 * A filter that also asks for an older `version` leaves a newer document be: the insert its upsert
 * then tries is a duplicate `_id`, which is no failure (an older update came after a newer one).
 *
 * Our FerretDB build stops an unordered bulk update at its first failed statement and answers
 * no index (MongoDB goes on and names each): a batch that meets a duplicate is written again the
 * careful way, where no statement can meet one (`replaceCarefully`).
 */
export async function replaceAll(collection: Collection, writes: readonly Replacement[]): Promise<void> {
  for (let i = 0; i < writes.length; i += BULK_WRITE_OPS) {
    const batch = writes.slice(i, i + BULK_WRITE_OPS);
    const ops = batch.map(({ filter, doc }) => ({
      replaceOne: { filter: filter as never, replacement: doc, upsert: true },
    }));
    try {
      await collection.bulkWrite(ops, { ordered: false });
    } catch (err) {
      if (!onlyDuplicates(err)) throw err;
      await replaceCarefully(collection, batch);
    }
  }
}

/**
 * A batch written without upserts: those absent inserted (one unordered insert, whose refusals
 * FerretDB and MongoDB alike name), the rest, and those another writer inserted meanwhile,
 * replaced by their filters, which leave a newer document be.
 */
async function replaceCarefully(collection: Collection, batch: readonly Replacement[]): Promise<void> {
  const ids = batch.map((w) => w.filter._id);
  const stored = await collection.find({ _id: { $in: ids } } as never, { projection: { _id: 1 } }).toArray();
  const present = new Set(stored.map((d) => String(d._id)));
  const absent = batch.filter((w) => !present.has(w.filter._id));
  const fates = await insertEach(
    collection,
    absent.map((w) => ({ ...w.doc, _id: w.filter._id })),
  );
  const replace = [...batch.filter((w) => present.has(w.filter._id)), ...absent.filter((_, i) => !fates[i])];
  if (replace.length === 0) return;
  await collection.bulkWrite(
    replace.map(({ filter, doc }) => ({ replaceOne: { filter: filter as never, replacement: doc } })),
    { ordered: false },
  );
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
