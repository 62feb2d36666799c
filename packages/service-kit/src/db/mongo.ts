import mongoose, { type Connection } from 'mongoose';

/**
 * Mongoose records a stack trace for every query it runs, only to enrich the error a
 * query executed twice would throw (we never do that). Capturing it cost 2–3% of a
 * service's CPU under load, more when source maps are on (tsx in development).
 */
mongoose.set('skipOriginalStackTraces', true);

/** A connection to the service's own database; models are registered on it, not globally. */
export async function connectMongo(url: string, dbName: string): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 10_000,
    // Retryable writes are a replica-set feature that FerretDB and a standalone MongoDB lack:
    // off unless the URL asks for them (production's replica set does: k8s/README.md).
    ...(/[?&]retryWrites=/i.test(url) ? {} : { retryWrites: false }),
    autoIndex: true,
  });
  return connection.asPromise();
}

export async function pingMongo(connection: Connection): Promise<void> {
  if (!connection.db) throw new Error('database not connected');
  await connection.db.admin().command({ ping: 1 });
}

/**
 * Unique-index violations come back as E11000 from MongoDB (and FerretDB inserts),
 * but as an InternalError naming a UNIQUE constraint from FerretDB updates.
 */
export function isDuplicateKeyError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown };
  if (e.code === 11000 || e.code === 11001) return true;
  return typeof e.message === 'string' && /E11000|UNIQUE constraint failed/.test(e.message);
}

/** What `findOwned` needs of a model: any service's mongoose model has it. */
interface FindsById {
  findOne(filter: never): { lean<R>(): PromiseLike<R | null> };
}

/**
 * An organization's document by `_id`, or undefined when there is none or it belongs to
 * another organization. The query is the bare `_id` and the tenancy is checked here:
 * stock FerretDB v1 answers only a bare `_id` filter from its index (with other conditions
 * beside it it reads the whole collection; our build pushes the `_id` down either way, see
 * infra/ferretdb/patches.json); on MongoDB it is the same lookup.
 */
export async function findOwned<T extends { orgId: string }>(
  model: FindsById,
  orgId: string,
  id: string,
): Promise<T | undefined> {
  const doc = await model.findOne({ _id: id } as never).lean<T>();
  return doc?.orgId === orgId ? doc : undefined;
}
