import { PeriodicPass, type Logger } from '@stockyard/service-kit';
import { fillProduct } from '../domain/variant';
import type { CatalogProducts } from '../peers/catalog-variants';
import type { PassCheckpoints } from '@stockyard/service-kit/store';
import type { VariantRef, VariantRepository, VariantStore } from '../store/variant.repository';

/** Its record in `inventory_passes`. */
const PASS = 'variant_products';
/** Copies read per page, so at most this many ids per catalog call. */
const PAGE = 500;

const byOrg = (page: VariantRef[]) => {
  const groups = new Map<string, string[]>();
  for (const { orgId, variantId } of page) {
    const group = groups.get(orgId);
    if (group) group.push(variantId);
    else groups.set(orgId, [variantId]);
  }
  return groups;
};

/**
 * Gives the copies heard of before `variant.upserted` carried products (README: valuation groups)
 * their product and categories from the catalog's internal variant read, in the background from
 * start: pages by `_id`, a checkpoint after each (a restart resumes there, a finished pass is not
 * run again), a write only where no event filled the product meanwhile, deleted copies and
 * variants the catalog no longer holds left as they are. A catalog away fails the pass: the
 * next one (every `everyMs`) resumes at the page it stopped at.
 */
export class VariantProductBackfill extends PeriodicPass {
  private finished = false;

  constructor(
    private readonly reads: Pick<VariantRepository, 'lackingProduct'>,
    private readonly store: VariantStore,
    private readonly catalog: CatalogProducts,
    private readonly checkpoints: PassCheckpoints,
    everyMs: number,
    logger: Logger,
  ) {
    super('variant product backfill', everyMs, logger, { atStart: true });
  }

  protected async pass(): Promise<void> {
    if (this.finished) return;
    let { after, finished } = await this.checkpoints.progress(PASS);
    let filled = 0;
    while (!finished && !this.stopping) {
      const page = await this.reads.lackingProduct(after, PAGE);
      if (page.length === 0) {
        await this.checkpoints.finish(PASS);
        this.logger.info({ pass: PASS, filled }, 'variant product backfill finished');
        finished = true;
        break;
      }
      for (const [orgId, variantIds] of byOrg(page)) filled += await this.fill(orgId, variantIds);
      after = page[page.length - 1]!._id;
      await this.checkpoints.advance(PASS, after);
    }
    this.finished = finished;
  }

  /** Fills one organization's copies of a page; answers how many it wrote. */
  private async fill(orgId: string, variantIds: string[]): Promise<number> {
    const products = await this.catalog(orgId, variantIds);
    const known = variantIds.filter((id) => products.has(id));
    if (known.length === 0) return 0;
    const outcomes = await this.store.changeMany(orgId, known, (v) => fillProduct(v, products.get(v.variantId)!));
    let written = 0;
    for (const outcome of outcomes.values()) {
      if (!outcome.ok) throw outcome.error; // the page again at the next pass
      if (outcome.changed) written++;
    }
    return written;
  }
}
