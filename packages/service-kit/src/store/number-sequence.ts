import type { Collection } from 'mongoose';
import { KeyedMutex } from '../db/document-lock';
import { isDuplicateKeyError } from '../db/mongo';

/** Numbers a process takes from an organization's sequence at once (gaps are fine: numbers are gap-tolerant). */
const DEFAULT_BLOCK = 20;

/**
 * A per-organization sequence of numbers (generated SKUs, purchase order and order numbers):
 * one document per organization (`_id` orgId, `next`, `version`), advanced a block at a time
 * by a version-guarded update, so replicas never hand out one number twice and a process asks
 * the database once per block. Numbers are unique, increasing within a process and
 * gap-tolerant (a block a process did not use up is skipped), never reused.
 */
export class NumberSequence {
  private readonly blocks = new Map<string, { next: number; end: number }>();
  private readonly lock = new KeyedMutex();

  constructor(
    private readonly collection: Collection,
    private readonly block = DEFAULT_BLOCK,
  ) {}

  /** The organization's next number. */
  next(orgId: string): Promise<number> {
    return this.lock.run(orgId, async () => {
      let block = this.blocks.get(orgId);
      if (!block || block.next >= block.end) {
        const start = await this.takeBlock(orgId);
        block = { next: start, end: start + this.block };
        this.blocks.set(orgId, block);
      }
      return block.next++;
    });
  }

  /** Advances the organization's sequence by a block; answers its first number. */
  private async takeBlock(orgId: string): Promise<number> {
    for (;;) {
      const current = await this.collection.findOne({ _id: orgId } as never);
      if (!current) {
        try {
          await this.collection.insertOne({ _id: orgId, next: 1 + this.block, version: 1 } as never);
          return 1;
        } catch (err) {
          if (!isDuplicateKeyError(err)) throw err;
          continue;
        }
      }
      const { next, version } = current as unknown as { next: number; version: number };
      const res = await this.collection.updateOne({ _id: orgId, version } as never, {
        $set: { next: next + this.block, version: version + 1 },
      });
      if (res.modifiedCount === 1) return next;
    }
  }
}
