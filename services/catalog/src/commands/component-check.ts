import { MAX_BUNDLE_DEPTH } from '@stockyard/contracts';
import { assertComponentsExist, nextLayer, type ComponentOwners } from '../domain/component-graph';
import type { Component, ProductState } from '../domain/product';
import { componentRows, liveVariants } from '../domain/product-derived';
import { componentDepthExceeded } from '../domain/product.errors';
import type { ComponentUses } from '../store/component-uses';
import type { ProductStore } from '../store/product.store';
import type { VariantRefs } from '../store/variant-refs';

/**
 * How many levels of products a chain of bundles and BOMs may have under its top product: its
 * own rows (level 1) and MAX_BUNDLE_DEPTH levels nested below them, the depth the contracts'
 * `flattenBundleRows` (the internal API, inventory's availability) follows.
 */
const MAX_COMPONENT_LEVELS = MAX_BUNDLE_DEPTH + 1;

/**
 * Loads what a product's component rows name and checks them: each exists, no row leads back
 * to the product, and no chain through it (the products using it above, its rows below) gets
 * deeper than MAX_COMPONENT_LEVELS.
 */
export class ComponentCheck {
  constructor(
    private readonly products_: ProductStore,
    private readonly refs: VariantRefs,
    private readonly uses: ComponentUses,
  ) {}

  /** Products by id (unknown ones left out). */
  products(orgId: string, productIds: string[]): Promise<Map<string, ProductState>> {
    return this.products_.readMany(orgId, productIds);
  }

  /** The products owning these variants, by variant id (unknown ones left out). */
  async owners(orgId: string, variantIds: string[]): Promise<ComponentOwners> {
    const productIds = await this.refs.productsOf(orgId, variantIds);
    const loaded = await this.products_.readMany(orgId, [...productIds.values()]);
    const owners: ComponentOwners = new Map();
    for (const [variantId, productId] of productIds) {
      const product = loaded.get(productId);
      if (product) owners.set(variantId, product);
    }
    return owners;
  }

  /** `product` is the state about to be written (its id and variants), with these rows. */
  async check(orgId: string, product: Pick<ProductState, 'id' | 'variants'>, rows: Component[]): Promise<void> {
    if (rows.length === 0) return;
    let owners = await this.owners(
      orgId,
      rows.map((r) => r.variantId),
    );
    assertComponentsExist(rows, owners);
    // Layer by layer without skipping products met before: the deepest path counts (a diamond's
    // long side is what flattening follows). A layer holds each product once, so this is bounded.
    let below = 0;
    while (owners.size > 0) {
      const layer = [...new Map([...owners.values()].map((p) => [p.id, p])).values()];
      const variantIds = nextLayer(product.id, layer, owners);
      if (++below > MAX_COMPONENT_LEVELS) throw componentDepthExceeded(MAX_BUNDLE_DEPTH);
      owners = variantIds.length ? await this.owners(orgId, variantIds) : new Map<string, ProductState>();
      nextLayer(product.id, [], owners);
    }
    // Walked down first, so a loop is answered as the cycle it is, even when the chain above is long.
    if (below + (await this.levelsAbove(orgId, product)) > MAX_COMPONENT_LEVELS) {
      throw componentDepthExceeded(MAX_BUNDLE_DEPTH);
    }
  }

  /**
   * The longest chain of live bundles and active BOMs above the product (0: nothing uses it),
   * through the component-use index, checked against each user's rows (a stale row counts nothing).
   */
  private async levelsAbove(orgId: string, product: Pick<ProductState, 'id' | 'variants'>): Promise<number> {
    let variantIds = liveVariants(product).map((v) => v.id);
    let levels = 0;
    while (variantIds.length > 0 && levels <= MAX_COMPONENT_LEVELS) {
      const wanted = new Set(variantIds);
      const { refs } = await this.uses.holding(orgId, variantIds);
      const users = [...(await this.products(orgId, refs)).values()].filter(
        (p) => p.id !== product.id && !p.deletedAt && componentRows(p).some((r) => wanted.has(r.variantId)),
      );
      if (users.length === 0) break;
      levels++;
      variantIds = users.flatMap((p) => liveVariants(p).map((v) => v.id));
    }
    return levels;
  }
}
