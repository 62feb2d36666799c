import type { BundleLeaves, InternalVariant, VariantBatch, VariantBatchQuery } from '@stockyard/contracts';
import { flattenLeaves } from '../domain/bundle-leaves';
import type { ComponentOwners } from '../domain/component-graph';
import type { ProductState, VariantState } from '../domain/product';
import { categoryIdsOf, liveVariants, skuKey } from '../domain/product-derived';
import type { SkuRegistry } from '../store/sku-registry';
import type { ComponentCheck } from './component-check';

const internalVariant = (p: ProductState, v: VariantState): InternalVariant => {
  const bom = p.type === 'ASSEMBLY' ? p.boms.find((b) => b.active) : undefined;
  return {
    id: v.id,
    productId: p.id,
    categoryIds: categoryIdsOf(p),
    productType: p.type,
    productName: p.name,
    sku: v.sku,
    name: v.name,
    options: v.options,
    price: v.price,
    cost: v.cost,
    weight: v.weight,
    barcodes: v.barcodes,
    isDefault: v.isDefault,
    archived: p.archived,
    components: p.type === 'BUNDLE' ? p.components : null,
    bom: bom ? { version: bom.version, rows: bom.rows } : null,
  };
};

/** A variant another service may refer to: live, of a live product. */
const liveIn = (p: ProductState | undefined, variantId: string) =>
  p && !p.deletedAt ? liveVariants(p).find((v) => v.id === variantId) : undefined;

/** The reads other services make of the catalog (internal API; see contracts catalog-internal.ts). */
export class InternalReads {
  constructor(
    private readonly components: ComponentCheck,
    private readonly skus: SkuRegistry,
  ) {}

  /** Variants by id (their refs) and by SKU (the SKU claims: each live SKU names its product). */
  async variants(orgId: string, { ids = [], skus = [] }: VariantBatchQuery): Promise<VariantBatch> {
    const byId = await this.components.owners(orgId, ids);
    const holders = await this.skus.holders(orgId, skus);
    const bySku = await this.components.products(orgId, [...new Set(holders.values())]);
    const found = new Map<string, InternalVariant>();
    const missing = { ids: [] as string[], skus: [] as string[] };
    for (const id of ids) {
      const product = byId.get(id);
      const variant = liveIn(product, id);
      if (variant) found.set(variant.id, internalVariant(product!, variant));
      else missing.ids.push(id);
    }
    for (const sku of skus) {
      const product = bySku.get(holders.get(skuKey(sku)) ?? '');
      const variant =
        product && !product.deletedAt && liveVariants(product).find((v) => v.sku && skuKey(v.sku) === skuKey(sku));
      if (variant) found.set(variant.id, internalVariant(product, variant));
      else missing.skus.push(sku);
    }
    return { data: [...found.values()], missing };
  }

  /** Each variant's stocked leaves: a bundle's rows flattened through nested bundles; any other variant itself. */
  async bundleLeaves(orgId: string, variantIds: string[]): Promise<BundleLeaves> {
    const owners: ComponentOwners = await this.components.owners(orgId, variantIds);
    for (let depth = 0; depth < 20; depth++) {
      const unknown = [...owners.values()]
        .filter((p) => p.type === 'BUNDLE')
        .flatMap((p) => p.components.map((r) => r.variantId))
        .filter((id) => !owners.has(id));
      if (unknown.length === 0) break;
      for (const [id, p] of await this.components.owners(orgId, unknown)) owners.set(id, p);
    }
    const data: BundleLeaves['data'] = [];
    const missing: string[] = [];
    for (const variantId of variantIds) {
      const product = owners.get(variantId);
      if (!liveIn(product, variantId)) {
        missing.push(variantId);
        continue;
      }
      const leaves =
        product!.type === 'BUNDLE'
          ? flattenLeaves(product!.components, (id) => owners.get(id))
          : [{ variantId, quantity: 1 }];
      data.push({ variantId, productId: product!.id, productType: product!.type, leaves });
    }
    return { data, missing };
  }
}
