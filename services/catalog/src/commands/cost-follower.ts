import { AppError, type Logger } from '@stockyard/service-kit';
import type { ProductState } from '../domain/product';
import { liveVariants } from '../domain/product-derived';
import type { CostTarget } from '../domain/source-sku';
import { updateVariant } from '../domain/variant';
import type { ProductWriter } from './product-writer';
import { inParallel } from '../store/in-parallel';

/**
 * Sets variants' costs to their preferred offers' costs (README: "When a variant's cost follows
 * its offer"). Each product is one change through the products side's writer, without
 * `product.updated` (an import or an offer changed it, not a product edit); the writer's
 * variant events carry `variant.cost_changed` for each cost that moved, in the same write.
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
      changed += await this.followProduct(orgId, productId, costs);
    });
    return changed;
  }

  private async followProduct(orgId: string, productId: string, costs: Map<string, number>): Promise<number> {
    let moved = 0;
    const step = (p: ProductState): ProductState => {
      moved = 0;
      if (p.deletedAt) return p;
      const now = new Date();
      let next = p;
      for (const v of liveVariants(p)) {
        const cost = costs.get(v.id);
        if (cost === undefined || v.cost === cost) continue;
        next = updateVariant(next, v.id, { cost }, now);
        moved++;
      }
      return next;
    };
    try {
      await this.writer.change(orgId, productId, step, { publish: false });
      return moved;
    } catch (err) {
      // A product trashed or removed meanwhile keeps its cost; the offer stays as written.
      if (err instanceof AppError && err.status === 404) return 0;
      this.logger.error({ err, orgId, productId }, 'variant cost did not follow its offer');
      throw err;
    }
  }
}
