import mongoose, { type Connection } from 'mongoose';

/** A connection to the service's own database; models are registered on it, not globally. */
export async function connectMongo(url: string, dbName: string): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 10_000,
    // FerretDB and a standalone MongoDB both lack multi-document transactions and
    // retryable writes are a replica-set feature: never rely on them.
    retryWrites: false,
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
