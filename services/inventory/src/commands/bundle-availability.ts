import { flattenBundleRows, type BundleComponentsChanged, type ComponentRow } from '@stockyard/contracts';
import { applyComposition, bundleAvailable, withAvailability } from '../domain/bundle-availability';
import { availableOf } from '../domain/stock-level';
import type { BundleRepository, BundleStore } from '../store/bundle.repository';
import type { StockRepository } from '../store/stock.repository';

/** Recomputing settles within this many passes even when stock moves during one (see README). */
const PASSES = 3;

/**
 * Bundle availability: the catalog's bundle compositions (a read model) and the stock of
 * their leaves give each bundle's availability; a change of either republishes it as
 * `inventory.availability_changed` for the bundle's variants.
 */
export class BundleAvailability {
  constructor(
    private readonly store: BundleStore,
    private readonly bundles: BundleRepository,
    private readonly stock: StockRepository,
  ) {}

  /** A bundle's rows or variants changed: it, and every bundle that nests it, again. */
  async compositionChanged(event: BundleComponentsChanged): Promise<void> {
    const { orgId, productId } = event;
    const { changed, state } = await this.store.change(orgId, productId, (current) => ({
      state: applyComposition(current, event),
    }));
    if (!changed) return;
    const seen = new Set<string>();
    let layer = [productId];
    let nested = [...state.variantIds, ...event.variantIds];
    while (layer.length) {
      for (const id of layer) if (!seen.has(id)) await this.recompute(orgId, id);
      layer.forEach((id) => seen.add(id));
      const parents = nested.length ? await this.bundles.parentsOf(orgId, nested) : [];
      layer = parents.map((p) => p.productId).filter((id) => !seen.has(id));
      nested = parents.flatMap((p) => p.variantIds);
    }
  }

  /** A variant's availability moved: every bundle using it as a leaf, again. */
  async componentChanged(orgId: string, variantId: string): Promise<void> {
    for (const bundle of await this.bundles.usingLeaf(orgId, variantId)) await this.recompute(orgId, bundle.productId);
  }

  /** The bundle's leaves and availability from the read model and the levels, written if they moved. */
  async recompute(orgId: string, productId: string): Promise<void> {
    for (let pass = 0; pass < PASSES; pass++) {
      const bundle = await this.store.read(orgId, productId);
      if (!bundle) return;
      const leaves = await this.leavesOf(orgId, bundle.components);
      const available = await this.availability(orgId, leaves);
      await this.store.change(orgId, productId, (current) =>
        JSON.stringify(current.components) === JSON.stringify(bundle.components)
          ? withAvailability(current, leaves, available)
          : {},
      );
      // Stock that moved while this pass read it is seen by the next pass (or by its own event).
      if ((await this.availability(orgId, leaves)) === available) return;
    }
  }

  private async leavesOf(orgId: string, rows: ComponentRow[]): Promise<ComponentRow[]> {
    const known = new Map<string, ComponentRow[]>();
    let ask = rows.map((r) => r.variantId);
    for (let depth = 0; ask.length && depth < 20; depth++) {
      const nested = await this.bundles.withVariants(orgId, ask);
      for (const b of nested) for (const v of b.variantIds) known.set(v, b.components);
      ask = nested.flatMap((b) => b.components.map((c) => c.variantId)).filter((v) => !known.has(v));
    }
    return flattenBundleRows(rows, (variantId) => known.get(variantId));
  }

  private async availability(orgId: string, leaves: ComponentRow[]): Promise<number> {
    const levels = await this.stock.findMany(
      orgId,
      leaves.map((l) => l.variantId),
    );
    const byVariant = new Map(levels.map((l) => [l.variantId, availableOf(l)]));
    return bundleAvailable(leaves, (variantId) => byVariant.get(variantId) ?? 0);
  }
}
