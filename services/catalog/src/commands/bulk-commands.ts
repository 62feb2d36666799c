import type { BulkDelete, BulkRestore } from '@stockyard/contracts';
import { AppError } from '@stockyard/service-kit';
import { bulkDeleteTarget, bulkRestoreTarget, type BulkFailure } from '../domain/bulk-products';
import type { ProductState } from '../domain/product';
import { trashProduct } from '../domain/product-lifecycle';
import type { ProductQueries } from '../store/product.queries';
import type { ProductCommands } from './product-commands';
import type { ProductWriter } from './product-writer';

/**
 * Bulk trash and restore: each product is its own change (there is no multi-document
 * transaction), so a failure of one is reported in `failed` and the others go on. The trash
 * goes through the batched change; a restore claims each product's SKUs again, one by one.
 */
export class BulkCommands {
  constructor(
    private readonly writer: ProductWriter,
    private readonly products: ProductCommands,
    private readonly queries: ProductQueries,
  ) {}

  /**
   * DELETE /products/bulk: trashes (or with `dryRun`, only names) the live products named, in
   * the writer's batched change (one read per 500, bulk writes; their SKUs released together);
   * a dry run reads them the same way and writes nothing. Answers in the order asked.
   */
  async delete(orgId: string, body: BulkDelete) {
    const target = bulkDeleteTarget(body);
    const ids = 'ids' in target ? target.ids : await this.queries.liveIds(orgId);
    const dryRun = body.dryRun ?? false;
    const now = new Date();
    const outcomes = dryRun
      ? await this.writer.store.changeMany(orgId, ids, (p) => (assertLive(p), {}))
      : await this.writer.changeMany(
          orgId,
          ids,
          (p) => (assertLive(p), { next: trashProduct(p, now), result: undefined }),
        );
    const done: string[] = [];
    const failed: BulkFailure[] = [];
    for (const id of ids) {
      const outcome = outcomes.get(id)!;
      if (outcome.ok) done.push(id);
      else if (outcome.error.status >= 500) throw outcome.error;
      else failed.push({ id, code: outcome.error.code, message: outcome.error.message });
    }
    return { dryRun, count: done.length, ids: done, failed };
  }

  /** POST /products/bulk-restore: restores the trashed products named; a SKU taken meanwhile fails that one. */
  async restore(orgId: string, body: BulkRestore) {
    const target = bulkRestoreTarget(body);
    const ids = 'ids' in target ? target.ids : await this.queries.trashedIds(orgId, target);
    const done: string[] = [];
    const failed: BulkFailure[] = [];
    for (const id of ids) {
      await this.each(id, failed, async () => {
        await this.products.restore(orgId, id);
        done.push(id);
      });
    }
    return { count: done.length, ids: done, failed };
  }

  private async each(id: string, failed: BulkFailure[], work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      failed.push({ id, code: err.code, message: err.message });
    }
  }
}

/** A bulk trash names live products only (decided on the state it locks). */
function assertLive(p: ProductState): void {
  if (p.deletedAt) throw new AppError('conflict', 'Already in the trash', 'product_trashed');
}
