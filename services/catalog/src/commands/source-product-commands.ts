import { createHash } from 'node:crypto';
import { skuSchema, type BulkFromSource, type BulkFromSourceResult } from '@stockyard/contracts';
import { AppError, isDuplicateKeyError } from '@stockyard/service-kit';
import { familyCandidates, type CandidateProduct } from '../domain/family-candidates';
import { newProduct } from '../domain/product-create';
import { defaultVariant } from '../domain/product-derived';
import type { ProductState } from '../domain/product';
import type { SourceSkuState } from '../domain/source-sku';
import { withSourceLinked } from '../domain/variant-link';
import type { ListingRepository } from '../store/listing.repository';
import type { SourceSkuRepository } from '../store/source-sku.repository';
import type { SourceStore } from '../store/source.store';
import { inParallel } from '../store/in-parallel';
import type { ProductWriter } from './product-writer';

/** `all: true` takes this many unlinked SKUs per call (`remaining` says how many are left). */
export const BULK_PAGE = 200;

/**
 * Ids derived from the source SKU, so a retry after a crash finds the product it made (README);
 * generation n > 0 is the n-th product made again from the SKU after the earlier ones were trashed.
 */
const derivedId = (prefix: string, sourceSkuId: string, generation: number) => {
  const seed = generation === 0 ? `${prefix}\n${sourceSkuId}` : `${prefix}\n${sourceSkuId}\n${generation}`;
  return `${prefix}_${createHash('sha256').update(seed).digest('hex').slice(0, 24)}`;
};

type Skip = BulkFromSourceResult['skipped'][number];
type Made = BulkFromSourceResult['created'][number];

/** The products side's routes that read the channels side: products from source SKUs, family candidates. */
export class SourceProductCommands {
  constructor(
    private readonly sources: SourceStore,
    private readonly skus: SourceSkuRepository,
    private readonly listings: ListingRepository,
    private readonly writer: ProductWriter,
  ) {}

  /** A SIMPLE product and its variant per unlinked SKU (name, SKU, cost, UPC from the offer), the SKU linked to it. */
  async bulkFromSource(orgId: string, input: BulkFromSource): Promise<BulkFromSourceResult> {
    const sourceChannelId = input.sourceChannelId;
    await this.sources.writable(orgId, sourceChannelId);
    const skipped: Skip[] = [];
    let targets: SourceSkuState[];
    let remaining = 0;
    let next: string | null = null;
    if ('all' in input) {
      const page = await this.skus.unlinked(orgId, sourceChannelId, BULK_PAGE, input.after);
      targets = page.skus;
      remaining = page.after;
      next = remaining > 0 ? (targets[targets.length - 1]?.sku ?? null) : null;
    } else {
      const stored = await this.skus.bySkus(orgId, sourceChannelId, input.skus);
      targets = [];
      for (const sku of new Set(input.skus)) {
        const s = stored.get(sku);
        if (!s) skipped.push({ sku, reason: 'sku_not_found' });
        else if (s.variantId) skipped.push({ sku, reason: 'already_linked' });
        else targets.push(s);
      }
    }
    const created: Made[] = [];
    await inParallel(targets, 4, async (s) => {
      const outcome = await this.fromOffer(orgId, s);
      if ('reason' in outcome) skipped.push(outcome);
      else created.push(outcome);
    });
    const order = new Map(targets.map((t, i) => [t.sku, i]));
    created.sort((a, b) => order.get(a.sku)! - order.get(b.sku)!);
    return { created, skipped, remaining, next };
  }

  /**
   * One SKU: the product (made again by id on a retry), then the link, a change of the SKU
   * through its store guarded by the version read: a SKU linked meanwhile is `already_linked`
   * (its product stays, and the next attempt finds it by id, as after a crash).
   */
  private async fromOffer(orgId: string, offer: SourceSkuState): Promise<Made | Skip> {
    const current = await this.skus.get(orgId, offer.sourceChannelId, offer.id).catch(() => undefined);
    if (!current) return { sku: offer.sku, reason: 'sku_not_found' };
    if (current.variantId) return { sku: offer.sku, reason: 'already_linked' };
    const sku = skuSchema.safeParse(current.sku);
    if (!sku.success) return { sku: offer.sku, reason: 'sku_invalid' };
    let product: ProductState;
    try {
      product = await this.product(orgId, current, sku.data);
    } catch (err) {
      if (err instanceof AppError && err.code === 'sku_taken') return { sku: offer.sku, reason: 'sku_taken' };
      throw err;
    }
    const variant = defaultVariant(product)!;
    const linked = await this.skus.store
      .change(orgId, offer.id, (s) =>
        s.variantId
          ? { result: false }
          : { state: { ...s, variantId: variant.id, productId: product.id, preferred: true }, result: true },
      )
      .catch((err: unknown) => {
        if (err instanceof AppError && err.status === 404) return undefined;
        throw err;
      });
    if (!linked) return { sku: offer.sku, reason: 'sku_not_found' };
    if (!linked.result) return { sku: offer.sku, reason: 'already_linked' };
    return { sku: current.sku, sourceSkuId: current.id, productId: product.id, variantId: variant.id };
  }

  /**
   * The offer's product at the ids of the first generation not taken by a trashed product: made
   * there, or found there live (made by an earlier attempt that died before linking the SKU: that
   * one is linked). One trashed (or converted away from SIMPLE) was made from this SKU before and
   * the SKU unlinked since: the next generation gets a new product (README: Bulk-from-source).
   */
  private async product(orgId: string, offer: SourceSkuState, sku: string): Promise<ProductState> {
    const input = {
      type: 'SIMPLE' as const,
      name: offer.name ?? offer.sku,
      ...(offer.cost !== null ? { cost: offer.cost } : {}),
      ...(offer.upc !== null ? { upc: offer.upc } : {}),
    };
    for (let generation = 0; ; generation++) {
      const ids = {
        productId: derivedId('prd', offer.id, generation),
        variantId: derivedId('var', offer.id, generation),
      };
      const state = withSourceLinked(newProduct(orgId, input, sku, ids, new Date()), ids.variantId, true);
      try {
        return await this.writer.create(state);
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        const made = await this.writer.store.read(orgId, ids.productId);
        if (!made) throw err;
        if (!made.deletedAt && defaultVariant(made)) return made;
      }
    }
  }

  /** GET /products/family-candidates. */
  async familyCandidates(orgId: string) {
    const listings = await this.listings.withParents(orgId);
    const ids = [...new Set(listings.map((l) => l.productId))];
    const found = await Promise.all(ids.map((id) => this.writer.store.read(orgId, id)));
    const products = new Map<string, CandidateProduct>();
    for (const p of found) if (p) products.set(p.id, p);
    return familyCandidates(listings, products);
  }
}
