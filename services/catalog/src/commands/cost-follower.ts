import { AppError, type Logger } from '@stockyard/service-kit';
import type { ProductState } from '../domain/product';
import { liveVariants } from '../domain/product-derived';
import { changeEvents, settle } from '../domain/product-settle';
import type { CostTarget } from '../domain/source-sku';
import { updateVariant } from '../domain/variant';
import { inParallel } from '../store/in-parallel';
import type { ProductWriter } from './product-writer';

const NEEDS_TEMPLATE = Symbol('needs the category template');

/**
 * Sets variants' costs to their preferred offers' costs (README: "When a variant's cost follows
 * its offer"). Each product is one change of the products side's store, without
 * `product.updated` (an import or an offer changed it, not a product edit); the products side's
 * variant events carry `variant.cost_changed` for each cost that moved, in the same write.
 *
 * A product without a category takes the store's change directly with the products side's pure
 * `settle` and `changeEvents` (one read and one write); one with a category goes through the
 * product writer, which reads its template (`enriched` may depend on the cost).
 */
export class CostFollower {
  constructor(
    private readonly writer: ProductWriter,
    private readonly logger: Logger,
    private readonly concurrency = 16,
  ) {}

  /** Applies the targets; answers how many variant costs changed. Trashed products and gone variants are skipped. */
  async follow(orgId: string, targets: readonly CostTarget[]): Promise<number> {
    const byProduct = new Map<string, Map<string, number>>();
    for (const t of targets) {
      const costs = byProduct.get(t.productId) ?? new Map<string, number>();
      costs.set(t.variantId, t.cost); // the last target of a variant wins
      byProduct.set(t.productId, costs);
    }
    let changed = 0;
    await inParallel([...byProduct], this.concurrency, async ([productId, costs]) => {
      const moved = await this.followProduct(orgId, productId, costs);
      changed += moved;
    });
    return changed;
  }

  private async followProduct(orgId: string, productId: string, costs: Map<string, number>): Promise<number> {
    const step = (p: ProductState) => withCosts(p, costs);
    try {
      const { result } = await this.writer.store.change<number | typeof NEEDS_TEMPLATE>(orgId, productId, (current) => {
        if (current.categoryId !== null) return { result: NEEDS_TEMPLATE };
        const { next, moved } = step(current);
        if (moved === 0) return { result: 0 };
        const settled = settle(next, null);
        return { state: settled, events: changeEvents(current, settled, false), result: moved };
      });
      if (result !== NEEDS_TEMPLATE) return result;
      let moved = 0;
      await this.writer.change(
        orgId,
        productId,
        (p) => {
          const outcome = step(p);
          moved = outcome.moved;
          return outcome.next;
        },
        { publish: false },
      );
      return moved;
    } catch (err) {
      // A product removed meanwhile keeps nothing to follow; the offer stays as written.
      if (err instanceof AppError && err.status === 404) return 0;
      this.logger.error({ err, orgId, productId }, 'variant cost did not follow its offer');
      throw err;
    }
  }
}

/** The product with its live variants' costs set to the targets; trashed products are left alone. */
function withCosts(p: ProductState, costs: Map<string, number>): { next: ProductState; moved: number } {
  if (p.deletedAt) return { next: p, moved: 0 };
  const now = new Date();
  let next = p;
  let moved = 0;
  for (const v of liveVariants(p)) {
    const cost = costs.get(v.id);
    if (cost === undefined || v.cost === cost) continue;
    next = updateVariant(next, v.id, { cost }, now);
    moved++;
  }
  return { next, moved };
}
