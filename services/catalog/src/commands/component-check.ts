import { assertComponentsExist, nextLayer, type ComponentOwners } from '../domain/component-graph';
import type { Component, ProductState } from '../domain/product';
import { componentCycle } from '../domain/product.errors';
import type { ProductStore } from '../store/product.store';
import type { VariantRefs } from '../store/variant-refs';

/** Deeper than this, a component tree is refused as a cycle would be (nobody nests bundles 20 deep). */
const MAX_DEPTH = 20;

/** Loads what a product's component rows name and checks them: each exists, and no row leads back to the product. */
export class ComponentCheck {
  constructor(
    private readonly products_: ProductStore,
    private readonly refs: VariantRefs,
  ) {}

  /** Products by id (unknown ones left out). */
  async products(orgId: string, productIds: string[]): Promise<Map<string, ProductState>> {
    const found = new Map<string, ProductState>();
    for (const id of productIds) {
      const product = await this.products_.read(orgId, id);
      if (product) found.set(id, product);
    }
    return found;
  }

  /** The products owning these variants, by variant id (unknown ones left out). */
  async owners(orgId: string, variantIds: string[]): Promise<ComponentOwners> {
    const productIds = await this.refs.productsOf(orgId, variantIds);
    const owners: ComponentOwners = new Map();
    const loaded = new Map<string, ProductState | undefined>();
    for (const [variantId, productId] of productIds) {
      if (!loaded.has(productId)) loaded.set(productId, await this.products_.read(orgId, productId));
      const product = loaded.get(productId);
      if (product) owners.set(variantId, product);
    }
    return owners;
  }

  async check(orgId: string, productId: string, rows: Component[]): Promise<void> {
    if (rows.length === 0) return;
    let owners = await this.owners(
      orgId,
      rows.map((r) => r.variantId),
    );
    assertComponentsExist(rows, owners);
    const seen = new Set<string>();
    for (let depth = 0; owners.size > 0; depth++) {
      const layer = [...new Map([...owners.values()].map((p) => [p.id, p])).values()].filter((p) => !seen.has(p.id));
      if (depth > MAX_DEPTH) throw componentCycle();
      layer.forEach((p) => seen.add(p.id));
      const variantIds = nextLayer(productId, layer, owners);
      owners = variantIds.length ? await this.owners(orgId, variantIds) : new Map();
      nextLayer(productId, [], owners);
    }
  }
}
