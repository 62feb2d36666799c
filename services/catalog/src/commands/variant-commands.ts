import type { CreateVariant, ExportRows, Page, UpdateVariant, VariantListQuery } from '@stockyard/contracts';
import { newId } from '@stockyard/service-kit';
import { decodeCursor } from '@stockyard/service-kit/internals';
import { liveVariants, skuKey } from '../domain/product-derived';
import { variantView } from '../domain/product-view';
import type { ProductState } from '../domain/product';
import { variantInUse, variantNotFound } from '../domain/product.errors';
import { retireDefault } from '../domain/default-variant';
import { addVariant, deleteVariant, updateVariant } from '../domain/variant';
import type { ProductQueries } from '../store/product.queries';
import type { ProductStore } from '../store/product.store';
import type { SkuRegistry } from '../store/sku-registry';
import type { VariantFilters } from '../store/variant.queries';
import type { VariantRefs } from '../store/variant-refs';
import type { DefaultRetirement } from './default-retirement';
import type { ProductWriter } from './product-writer';

/** Variants: found through their ref, changed as part of their product (one write, one set of events). */
export class VariantCommands {
  constructor(
    private readonly store: ProductStore,
    private readonly writer: ProductWriter,
    private readonly skus: SkuRegistry,
    private readonly refs: VariantRefs,
    private readonly queries: ProductQueries,
    private readonly defaults: DefaultRetirement,
  ) {}

  /**
   * GET /variants: live variants of live products. A `sku` names one product, the one its
   * claim names (claims are exact, any case): only that product's variants are read.
   */
  async list(orgId: string, query: VariantListQuery, page: Page) {
    if (query.sku === undefined) return this.queries.variantReads.list(orgId, query, page);
    const holder = (await this.skus.holders(orgId, [query.sku])).get(skuKey(query.sku));
    const productId = holder !== undefined && (query.productId ?? holder) === holder ? holder : undefined;
    return this.queries.variantReads.ofProduct(orgId, productId, query, page);
  }

  /**
   * An export's page of variants (issue #41): GET /variants' filters and rows, in its order. A
   * search or a `sku` pages as the list does, from the previous page's cursor; else the variant
   * list's rows are read without the list's total.
   */
  async exportPage(orgId: string, filters: VariantFilters, after: string | null, limit: number): Promise<ExportRows> {
    if (filters.sku === undefined && filters.search === undefined) {
      return this.queries.variantReads.exportPage(orgId, filters, after, limit);
    }
    const page = await this.list(orgId, { ...filters, startingAfter: listCursor(after) }, { limit, offset: 0 });
    return { rows: page.data, next: page.next };
  }

  /** The live product holding the live variant, or 404. */
  async owner(orgId: string, variantId: string): Promise<ProductState> {
    const productId = (await this.refs.productsOf(orgId, [variantId])).get(variantId);
    const product = productId ? await this.store.read(orgId, productId) : undefined;
    if (!product || product.deletedAt || !liveVariants(product).some((v) => v.id === variantId)) {
      throw variantNotFound();
    }
    return product;
  }

  async get(orgId: string, variantId: string) {
    const product = await this.owner(orgId, variantId);
    return variantView(
      product,
      product.variants.find((v) => v.id === variantId)!,
    );
  }

  /**
   * A new variant; without `sku` it gets a generated one (`null`: none). The first one added
   * replaces the product's untouched default variant unless something uses it (README, Decisions).
   */
  async add(orgId: string, productId: string, input: CreateVariant) {
    const id = newId('var');
    const current = await this.writer.current(orgId, productId); // 404 before a SKU is generated
    const { checked, retire } = await this.defaults.beforeFirstVariant(current);
    const sku = input.sku === undefined ? await this.skus.generate(orgId, productId) : input.sku;
    let product: ProductState;
    try {
      // A run of the request after a crash finds its variant (its id is the Idempotency-Key's).
      product = await this.writer.change(orgId, productId, (p) => {
        if (p.variants.some((v) => v.id === id)) return p;
        const now = new Date();
        return addVariant(retire ? retireDefault(p, retire, now) : p, id, input, sku, now);
      });
    } catch (err) {
      if (input.sku === undefined && sku) await this.skus.release(orgId, productId, [sku.toUpperCase()]);
      throw err;
    }
    const variant = product.variants.find((v) => v.id === id)!;
    if (input.sku === undefined && sku && variant.sku !== sku)
      await this.skus.release(orgId, productId, [sku.toUpperCase()]);
    await this.defaults.afterVariantAdded(product, checked);
    return variantView(product, variant);
  }

  /**
   * The product is not read first (its ref names it; a variant's product never changes): the
   * writer's change decides on the product it locks, a trashed one or a gone variant being 404.
   */
  async update(orgId: string, variantId: string, input: UpdateVariant) {
    const productId = (await this.refs.productsOf(orgId, [variantId])).get(variantId);
    if (!productId) throw variantNotFound();
    const product = await this.writer.change(orgId, productId, (p) => {
      if (p.deletedAt || !liveVariants(p).some((v) => v.id === variantId)) throw variantNotFound();
      return updateVariant(p, variantId, input, new Date());
    });
    return variantView(
      product,
      product.variants.find((v) => v.id === variantId)!,
    );
  }

  /** Soft delete; refused while a live bundle or active BOM uses it (409 `variant_in_use`). */
  async delete(orgId: string, variantId: string): Promise<void> {
    const { id } = await this.owner(orgId, variantId);
    const users = await this.queries.countUsingComponents(orgId, [variantId]);
    if (users > 0) throw variantInUse(users);
    await this.writer.change(orgId, id, (p) => deleteVariant(p, variantId, new Date()));
  }
}

/** A previous page's cursor as the list takes it (`startingAfter`); one no page gave is a 400 naming `after`. */
function listCursor(after: string | null): string | undefined {
  if (after === null) return undefined;
  decodeCursor(after, 'after');
  return after;
}
