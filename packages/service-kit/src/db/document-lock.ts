/**
 * Serializes async work per key within this process.
 *
 * Every writer of a document in a process (repositories and the outbox relay) takes that
 * document's lock. Stock FerretDB v1 applies an update as an unisolated read-modify-write
 * (concurrent `$inc`s and `$push`es lost, several winners of a version guard), and this lock
 * made one replica correct on it. Our FerretDB build isolates single-document writes as
 * MongoDB does (infra/ferretdb/README.md, "Isolation"), so on both the version guards keep
 * replicas correct, and the lock saves a process's own writers lost races and retries.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const tail = previous.then(() => new Promise<void>((resolve) => (release = resolve)));
    this.tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  get size(): number {
    return this.tails.size;
  }
}

/** The process-wide lock space for documents: key with `documentKey`. */
export const documentLocks = new KeyedMutex();
export const documentKey = (collection: string, id: unknown) => `${collection}/${String(id)}`;
