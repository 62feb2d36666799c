import type { Logger } from '@stockyard/service-kit';
import type { ProductState } from '../domain/product';
import { liveVariants } from '../domain/product-derived';
import type { CostTarget } from '../domain/source-sku';
import { updateVariant } from '../domain/variant';
import type { ProductWriter } from './product-writer';

interface FollowOptions {
  /**
   * The targets of a batch a worker that died had begun (an import's `pendingCosts`): a variant
   * already at its target counts as moved, since that worker may have moved it before dying
   * and left no record of which it did (README: "Supplier feed import").
   */
  resumed?: boolean;
}

/**
 * Sets variants' costs to their preferred offers' costs (README: "When a variant's cost follows
 * its offer"). The targets are grouped by product: one decision per product sets all of its
 * variants' costs, in the writer's batched change (one read per 500 products, bulk writes),
 * without `product.updated` (an import or an offer changed it, not a product edit); the
 * products side's variant events carry `variant.cost_changed` for each cost that moved, in the
 * same write. A product with a category is settled on its template (`enriched` may depend on
 * the cost).
 */
export class CostFollower {
  constructor(
    private readonly writer: ProductWriter,
    private readonly logger: Logger,
  ) {}

  /** Applies the targets; answers how many variant costs changed. Trashed products and gone variants are skipped. */
  async follow(orgId: string, targets: readonly CostTarget[], options: FollowOptions = {}): Promise<number> {
    const byProduct = new Map<string, Map<string, number>>();
    for (const t of targets) {
      const costs = byProduct.get(t.productId) ?? new Map<string, number>();
      costs.set(t.variantId, t.cost); // the last target of a variant wins
      byProduct.set(t.productId, costs);
    }
    const outcomes = await this.writer.changeMany(
      orgId,
      [...byProduct.keys()],
      (p) => withCosts(p, byProduct.get(p.id)!, options.resumed ?? false),
      { publish: false },
    );
    let changed = 0;
    for (const [productId, outcome] of outcomes) {
      if (outcome.ok) changed += outcome.result;
      // A product removed meanwhile keeps nothing to follow; the offer stays as written.
      else if (outcome.error.status !== 404) {
        this.logger.error({ err: outcome.error, orgId, productId }, 'variant cost did not follow its offer');
        throw outcome.error;
      }
    }
    return changed;
  }
}

/**
 * The product with its live variants' costs set to the targets, and how many moved (with
 * `held`, also those already there); trashed products are left alone.
 */
function withCosts(p: ProductState, costs: Map<string, number>, held: boolean) {
  if (p.deletedAt) return { next: p, result: 0 };
  const now = new Date();
  let next = p;
  let moved = 0;
  for (const v of liveVariants(p)) {
    const cost = costs.get(v.id);
    if (cost === undefined) continue;
    if (v.cost !== cost) next = updateVariant(next, v.id, { cost }, now);
    if (v.cost !== cost || held) moved++;
  }
  return { next, result: moved };
}
