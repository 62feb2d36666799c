import type { Collection } from 'mongoose';
import { documentKey, documentLocks } from '../db/document-lock';
import type { Fold, KnownOutboxes } from './known-outboxes';
import { NOT_PENDING } from './outbox';

/** Documents one clear takes off at most: one update's filter names each by id and its outbox's ids. */
export const CLEAR_BATCH = 200;

/**
 * Runs `work` holding these keys' locks, taken in the order given (a one-by-one clear takes a
 * document's relay lock before its writers' lock, so every relay lock comes first here).
 */
function holdingAll<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
  const next = (i: number): Promise<T> => (i === keys.length ? work() : documentLocks.run(keys[i]!, () => next(i + 1)));
  return next(0);
}

/**
 * Takes the published entries off many documents of one collection in one update: each
 * document whose every known entry is published, on condition that its outbox still holds
 * exactly those (an `$or` of each one's condition, under its `_id` list). A flow's small
 * aggregates nobody writes again (an order's holds) were one clearing write each, as many
 * writes as their creation. Answers the folds left to the one-by-one clear: those not all
 * published, and all of them when fewer documents matched than were named (which did not is
 * unknown; the one-by-one clear finds out, and sends nothing twice).
 *
 * Holds each document's relay lock and writers' lock, as a one-by-one clear does.
 */
export async function clearTogether(collection: Collection, folds: readonly Fold[], outboxes: KnownOutboxes) {
  const keyOf = (fold: Fold) => documentKey(collection.collectionName, fold._id);
  const keys = [...new Set(folds.map(keyOf))].sort();
  const locks = [...keys.map((key) => `outbox-relay/${key}`), ...keys];
  return holdingAll(locks, async (): Promise<Fold[]> => {
    const together: { fold: Fold; condition: Record<string, unknown>; done(): void }[] = [];
    const alone: Fold[] = [];
    for (const fold of folds) {
      const emptying = outboxes.emptying(keyOf(fold));
      if (emptying) together.push({ fold, ...emptying });
      else alone.push(fold);
    }
    if (together.length < 2) return [...alone, ...together.map((t) => t.fold)];
    const filter = {
      _id: { $in: together.map((t) => t.fold._id) },
      $or: together.map((t) => ({ _id: t.fold._id, ...t.condition })),
    };
    const cleared = await collection.updateMany(filter as never, { $set: { outbox: [] }, $unset: NOT_PENDING });
    if (cleared.modifiedCount !== together.length) return [...alone, ...together.map((t) => t.fold)];
    for (const t of together) t.done();
    return alone;
  });
}
