import type { mongo } from 'mongoose';

/**
 * One batched insert at a time on this service's database. The deliveries and the dispatch
 * marks are inserted by two batchers; on FerretDB's SQLite (one writer per database file) two
 * writes at once make one of them sleep in SQLite's busy handler, for up to 100 ms a try,
 * where waiting here costs only the other write's time, and lets the waiting batch grow.
 */
export class WriteLane {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work, work);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** The collection as an InsertBatcher sees it, its `insertMany` through this lane. */
  inserts<T extends mongo.Document>(collection: mongo.Collection<T>): mongo.Collection<T> {
    const insertMany: mongo.Collection<T>['insertMany'] = (docs, options) =>
      this.run(() => collection.insertMany(docs, options));
    return { insertMany } as mongo.Collection<T>;
  }
}
