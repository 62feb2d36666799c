/**
 * Serializes async work per key within this process.
 *
 * FerretDB v1 (our local and test MongoDB stand-in) applies an update as an unisolated
 * read-modify-write: concurrent updates of one document lose each other's changes,
 * even `$inc` and `$push`, and a version-guarded update can have several winners. Only
 * unique-index inserts are atomic there. So every writer of a document in a process
 * (repositories and the outbox relay) takes that document's lock, which makes one
 * replica correct on FerretDB. On MongoDB the version guards keep replicas correct,
 * and the lock only saves them retries.
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
