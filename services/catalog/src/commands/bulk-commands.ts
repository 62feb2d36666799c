import type { BulkDelete, BulkRestore } from '@stockyard/contracts';
import type { AppError } from '@stockyard/service-kit';
import { bulkDeleteTarget, bulkRestoreTarget, onePage, type BulkFailure } from '../domain/bulk-products';
import { errors } from '../domain/errors';
import type { ProductState } from '../domain/product';
import { restoreProduct, trashProduct } from '../domain/product-lifecycle';
import type { ProductQueries } from '../store/product.queries';
import type { ProductStore } from '../store/product.store';
import type { ProductWriter } from './product-writer';

/**
 * Bulk trash and restore: each product is its own change (there is no multi-document
 * transaction), so a failure of one is reported in `failed` and the others go on. Both go
 * through the writer's batched change. `all` and a range take one page of `pageSize` products
 * per call (README: bulk routes), saying how many remain and where the next call goes on, so
 * no call's work grows with the organization's products.
 */
export class BulkCommands {
  constructor(
    private readonly store: ProductStore,
    private readonly writer: ProductWriter,
    private readonly queries: ProductQueries,
    private readonly pageSize: number,
  ) {}

  /**
   * DELETE /products/bulk: trashes (or with `dryRun`, only names) the live products named, or a
   * page of every live one by id, in the writer's batched change (one read per 500, bulk
   * writes; their SKUs released together); a dry run reads them the same way and writes
   * nothing. Answers in the order asked (`all`: by id).
   */
  async delete(orgId: string, body: BulkDelete) {
    const target = bulkDeleteTarget(body);
    const page =
      'ids' in target ? onePage(target.ids) : await this.queries.livePage(orgId, this.pageSize, target.startingAfter);
    const dryRun = body.dryRun ?? false;
    const now = new Date();
    const outcomes = dryRun
      ? await this.store.changeMany(orgId, page.ids, (p) => (assertLive(p), {}))
      : await this.writer.changeMany(
          orgId,
          page.ids,
          (p) => (assertLive(p), { next: trashProduct(p, now), result: undefined }),
        );
    return { dryRun, ...reported(page.ids, outcomes), remaining: page.remaining, next: page.next };
  }

  /**
   * POST /products/bulk-restore: restores the trashed products named, or a page of the trash
   * (of a trashing range), oldest trashing first, in the writer's batched change (a product
   * whose SKUs must be claimed again goes one by one there); a SKU taken meanwhile fails that one.
   */
  async restore(orgId: string, body: BulkRestore) {
    const target = bulkRestoreTarget(body);
    const page =
      'ids' in target
        ? onePage(target.ids)
        : await this.queries.trashedPage(orgId, target.range, this.pageSize, target.startingAfter);
    const outcomes = await this.writer.changeMany(orgId, page.ids, (p) => ({
      next: restoreProduct(p),
      result: undefined,
    }));
    return { ...reported(page.ids, outcomes), remaining: page.remaining, next: page.next };
  }
}

/** The ids done and those failed with their codes, in the order asked; a 5xx of any fails the call. */
function reported(
  ids: readonly string[],
  outcomes: ReadonlyMap<string, { ok: true } | { ok: false; error: AppError }>,
) {
  const done: string[] = [];
  const failed: BulkFailure[] = [];
  for (const id of ids) {
    const outcome = outcomes.get(id)!;
    if (outcome.ok) done.push(id);
    else if (outcome.error.status >= 500) throw outcome.error;
    else failed.push({ id, code: outcome.error.code, message: outcome.error.message });
  }
  return { count: done.length, ids: done, failed };
}

/** A bulk trash names live products only (decided on the state it locks). */
function assertLive(p: ProductState): void {
  if (p.deletedAt) throw errors.product_trashed('Already in the trash');
}
