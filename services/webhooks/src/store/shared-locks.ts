/**
 * Per-key reader/writer exclusion within the process: readers run together, a writer runs
 * alone. The worker reads an endpoint and signs with its secret as a reader, so deliveries
 * to one endpoint do not queue behind each other, while a rotation (a writer) either
 * precedes a signature or waits until it is made. Writers are already serialized among
 * themselves by the kit's store (its document locks); this only keeps readers out while one writes.
 */
export class SharedLocks {
  private readonly readers = new Map<string, { count: number; idle: Promise<void>; release: () => void }>();
  private readonly writers = new Map<string, Promise<void>>();

  async read<T>(key: string, work: () => Promise<T>): Promise<T> {
    for (let writer = this.writers.get(key); writer; writer = this.writers.get(key)) await writer;
    // No await between the check above and joining: a writer cannot slip in between.
    let entry = this.readers.get(key);
    if (!entry) {
      let release!: () => void;
      const idle = new Promise<void>((resolve) => (release = resolve));
      entry = { count: 0, idle, release };
      this.readers.set(key, entry);
    }
    entry.count++;
    try {
      return await work();
    } finally {
      if (--entry.count === 0) {
        this.readers.delete(key);
        entry.release();
      }
    }
  }

  async write<T>(key: string, work: () => Promise<T>): Promise<T> {
    let release!: () => void;
    this.writers.set(key, new Promise<void>((resolve) => (release = resolve)));
    try {
      for (let active = this.readers.get(key); active; active = this.readers.get(key)) await active.idle;
      return await work();
    } finally {
      this.writers.delete(key);
      release();
    }
  }
}
