import type { mongo } from 'mongoose';

/**
 * One batched insert at a time on this service's database. The deliveries and the dispatch
 * marks are inserted by two batchers; on FerretDB's SQLite (one writer per database file) two
 * writes at once make one of them sleep in SQLite's busy handler, for up to 100 ms a try,
 * where waiting here costs only the other write's time, and lets the waiting batch grow.
 * An urgent write (the marks: a first POST waits for them) goes before those queued.
 */
export class WriteLane {
  private busy = false;
  private readonly queued: { urgent: boolean; start: () => void }[] = [];

  run<T>(work: () => Promise<T>, urgent = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.busy = true;
        work()
          .then(resolve, reject)
          .finally(() => this.next());
      };
      if (!this.busy) return start();
      const at = urgent ? this.queued.findIndex((q) => !q.urgent) : -1;
      this.queued.splice(at === -1 ? this.queued.length : at, 0, { urgent, start });
    });
  }

  private next(): void {
    this.busy = false;
    this.queued.shift()?.start();
  }

  /** The collection as an InsertBatcher sees it, its `insertMany` through this lane. */
  inserts<T extends mongo.Document>(collection: mongo.Collection<T>, urgent = false): mongo.Collection<T> {
    const insertMany: mongo.Collection<T>['insertMany'] = (docs, options) =>
      this.run(() => collection.insertMany(docs, options), urgent);
    return { insertMany } as mongo.Collection<T>;
  }
}
