import type { Connection } from 'mongoose';

/**
 * Puts a keyed request's record back as its process left it when killed after its writes and
 * before its answer: in progress, no answer kept, its lock run out (what LOCK_MS does). The next
 * request with the key runs the route again, as after a crash, with the first run's id seed.
 */
export async function forgetAnswer(connection: Connection, key: string): Promise<void> {
  const records = connection.collection('idempotency_keys');
  const { matchedCount } = await records.updateOne({ _id: { $regex: `:${escape(key)}$` } } as never, {
    $set: { state: 'in_progress', lockedUntil: new Date(0) },
    $unset: { response: '' },
  });
  if (matchedCount !== 1) throw new Error(`no idempotency record for key ${key}`);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Sends a keyed request, then sends it again as its retry runs it after its process died before
 * answering (`forgetAnswer` between the two): both answers, for a test that nothing happened twice.
 */
export async function sendAcrossCrash<T>(connection: Connection, key: string, send: () => Promise<T>): Promise<[T, T]> {
  const first = await send();
  await forgetAnswer(connection, key);
  return [first, await send()];
}
