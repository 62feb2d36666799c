import type { mongo } from 'mongoose';
import { isDuplicateKeyError } from './mongo';

interface Waiting<T> {
  doc: T;
  resolve: (inserted: boolean) => void;
  reject: (err: unknown) => void;
}

/** A bulk write's per-document failures, as the driver reports them. */
interface BulkFailure {
  writeErrors?: { index: number; code?: number; errmsg?: string }[] | { index: number; code?: number; errmsg?: string };
}

/**
 * Group commit for inserts: documents inserted while a batch is being written go out
 * together as the next `insertMany` (unordered), one round trip and, on FerretDB's SQLite,
 * one transaction and one commit instead of one each. Under no load a document goes out
 * on its own at once. Each caller learns its own document's fate: inserted, a duplicate
 * `_id` (false), or an error.
 */
export class InsertBatcher<T extends mongo.Document> {
  private waiting: Waiting<T>[] = [];
  private writing = false;

  constructor(
    private readonly collection: mongo.Collection<T>,
    private readonly maxBatch = 256,
  ) {}

  /** True when inserted, false when a document with its `_id` exists. */
  insert(doc: T): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ doc, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  /**
   * Several documents in the same batch (one round trip for a fan-out, where inserting
   * them one by one would send the first alone); each answer as `insert`'s, in order.
   */
  insertAll(docs: readonly T[]): Promise<boolean[]> {
    const answers = docs.map(
      (doc) => new Promise<boolean>((resolve, reject) => this.waiting.push({ doc, resolve, reject })),
    );
    if (docs.length > 0 && !this.writing) void this.drain();
    return Promise.all(answers);
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxBatch);
        await this.write(batch);
      }
    } finally {
      this.writing = false;
    }
  }

  private async write(batch: Waiting<T>[]): Promise<void> {
    try {
      await this.collection.insertMany(
        batch.map((w) => w.doc as mongo.OptionalUnlessRequiredId<T>),
        { ordered: false },
      );
      for (const w of batch) w.resolve(true);
    } catch (err) {
      const raw = (err as BulkFailure).writeErrors;
      const failures = raw === undefined ? undefined : Array.isArray(raw) ? raw : [raw];
      if (!failures) {
        for (const w of batch) w.reject(err); // nothing is known per document: the whole batch failed
        return;
      }
      const failed = new Map(failures.map((f) => [f.index, f]));
      batch.forEach((w, index) => {
        const failure = failed.get(index);
        if (!failure) w.resolve(true);
        else if (isDuplicateKeyError({ code: failure.code, message: failure.errmsg })) w.resolve(false);
        else w.reject(Object.assign(new Error(failure.errmsg ?? 'insert failed'), { code: failure.code }));
      });
    }
  }
}
