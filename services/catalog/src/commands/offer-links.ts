import { liveVariants } from '../domain/product-derived';
import { unknownVariants } from '../domain/source-sku.errors';
import { withSourceLinked } from '../domain/variant-link';
import type { ProductStore } from '../store/product.store';
import type { SkuWrite, SourceSkuReads, SourceSkuStore } from '../store/source-sku.repository';
import type { VariantRefs } from '../store/variant-refs';
import type { ProductWriter } from './product-writer';

/**
 * What linking source SKUs to variants involves beyond the SKU itself: the variant must exist
 * (422 `variant_not_found`), one offer per variant is preferred, and the variant's
 * `sourceLinked` flag (the product's `matched`) says whether any offer is linked to it.
 */
export class OfferLinks {
  constructor(
    private readonly store: SourceSkuStore,
    private readonly skus: SourceSkuReads,
    private readonly refs: VariantRefs,
    private readonly products: ProductStore,
    private readonly writer: ProductWriter,
  ) {}

  /** The product of each variant named; 422 `variant_not_found` for any unknown, deleted or trashed one. */
  async resolve(orgId: string, variantIds: readonly string[]): Promise<Map<string, string>> {
    const unique = [...new Set(variantIds)];
    if (unique.length === 0) return new Map();
    const refs = await this.refs.productsOf(orgId, unique);
    const products = await this.products.readMany(orgId, [...refs.values()]);
    const live = new Set<string>();
    for (const p of products.values()) {
      if (!p.deletedAt) for (const v of liveVariants(p)) live.add(v.id);
    }
    const missing = unique.filter((id) => !refs.has(id) || !live.has(id));
    if (missing.length > 0) throw unknownVariants(missing);
    return refs;
  }

  /** Whether the variant has a preferred offer other than `exceptId`. */
  async hasPreferred(orgId: string, variantId: string, exceptId: string): Promise<boolean> {
    return (await this.skus.preferredOf(orgId, variantId)).some((s) => s.id !== exceptId);
  }

  /** After SKU writes: other offers of a newly preferred one lose the mark; `sourceLinked` follows the links. */
  async settle(orgId: string, writes: readonly SkuWrite[]): Promise<void> {
    for (const { before, next } of writes) {
      const nowPreferred = next.preferred && next.variantId !== null;
      if (nowPreferred && (!before?.preferred || before.variantId !== next.variantId)) {
        await this.unmarkOthers(orgId, next.variantId!, next.id);
      }
    }
    const linked = new Map<string, string>();
    const unlinked = new Map<string, string>();
    for (const { before, next } of writes) {
      if (next.variantId && next.productId && next.variantId !== before?.variantId) {
        linked.set(next.variantId, next.productId);
      }
      if (before?.variantId && before.productId && before.variantId !== next.variantId) {
        unlinked.set(before.variantId, before.productId);
      }
    }
    const flags = new Map<string, Map<string, boolean>>(); // by product: its variants' `sourceLinked`
    const flag = (productId: string, variantId: string, on: boolean) =>
      flags.set(productId, (flags.get(productId) ?? new Map<string, boolean>()).set(variantId, on));
    for (const [variantId, productId] of linked) flag(productId, variantId, true);
    for (const [variantId, productId] of unlinked) {
      if (linked.has(variantId)) continue;
      if ((await this.skus.countOffers(orgId, variantId)) === 0) flag(productId, variantId, false);
    }
    await this.flagAll(orgId, flags);
  }

  /**
   * The variant's other preferred offers lose the mark: one version-guarded change each
   * through the SKUs' store (batched), so a SKU relinked or unmarked meanwhile is decided
   * again on what it is now; one gone meanwhile is skipped.
   */
  private async unmarkOthers(orgId: string, variantId: string, exceptId: string): Promise<void> {
    const others = (await this.skus.preferredOf(orgId, variantId)).filter((s) => s.id !== exceptId);
    if (others.length === 0) return;
    const outcomes = await this.store.changeMany(
      orgId,
      others.map((s) => s.id),
      (s) => (s.preferred && s.variantId === variantId ? { state: { ...s, preferred: false } } : {}),
    );
    for (const outcome of outcomes.values()) {
      if (!outcome.ok && outcome.error.status !== 404) throw outcome.error;
    }
  }

  /** Up to a SKU request's 1,000 variants: one batched change of their products (one gone meanwhile is skipped). */
  private async flagAll(orgId: string, flags: Map<string, Map<string, boolean>>): Promise<void> {
    const outcomes = await this.writer.changeMany(
      orgId,
      [...flags.keys()],
      (p) => {
        let next = p;
        for (const [variantId, on] of flags.get(p.id)!) next = withSourceLinked(next, variantId, on);
        return { next, result: undefined };
      },
      { publish: false },
    );
    for (const outcome of outcomes.values()) {
      if (!outcome.ok && outcome.error.status !== 404) throw outcome.error;
    }
  }
}
