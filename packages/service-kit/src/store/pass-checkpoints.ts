import type { Connection } from 'mongoose';

/** A start-up pass's record: `at` once it finished, `after` where a resumable one got to. */
interface PassRecord {
  _id: string;
  at?: Date;
  after?: string;
}

/** Where a resumable pass got to: the last `_id` it finished, and whether (and when) it reached the end. */
interface PassProgress {
  after: string;
  finished: boolean;
  finishedAt: Date | null;
}

/**
 * A service's start-up passes' records (one collection a service, a record a pass). A one-shot
 * pass asks whether it `finished` and says when it has; a pass that pages through a collection by
 * `_id` and may stop anywhere (a crash, a peer away) also records its pages, and starts again
 * after the last one it finished, never before it.
 */
export class PassCheckpoints {
  private readonly passes;

  constructor(connection: Connection, collection: string) {
    this.passes = connection.collection<PassRecord>(collection);
  }

  async progress(pass: string): Promise<PassProgress> {
    const record = await this.passes.findOne({ _id: pass });
    return { after: record?.after ?? '', finished: record?.at !== undefined, finishedAt: record?.at ?? null };
  }

  /** Records a finished page; a replica that is behind never moves it back. */
  async advance(pass: string, after: string): Promise<void> {
    await this.passes.updateOne({ _id: pass }, { $max: { after } }, { upsert: true });
  }

  async finish(pass: string): Promise<void> {
    await this.passes.updateOne({ _id: pass }, { $set: { at: new Date() } }, { upsert: true });
  }
}
