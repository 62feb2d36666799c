import { AggregateStore, type OutboxRelay } from '@stockyard/service-kit';
import DataLoader from 'dataloader';
import { emptyBundle, type BundleComposition } from '../domain/bundle-availability';
import type { BundleModel } from './bundle.model';

const LIST = { outbox: 0, outboxPending: 0, outboxAt: 0 } as const;
/** How long a bundle lookup waits for others to share its query. */
const LEAF_ASK_WINDOW_MS = 10;

export const bundleStore = (model: BundleModel, relay: OutboxRelay) =>
  new AggregateStore<BundleComposition>(model, relay, {
    name: 'Bundle',
    documentId: (orgId, productId) => `${orgId}:${productId}`,
    initial: emptyBundle,
  });
export type BundleStore = ReturnType<typeof bundleStore>;

/** Reads of the bundle read model, in the domain's words. */
export class BundleRepository {
  /**
   * Every stock change asks which bundles use its variant. The asks of a short window (the
   * availability events a consumer holds, LEAF_ASK_WINDOW_MS) go out as one query per
   * organization; nothing is kept between windows, so a new composition is seen at once.
   */
  private readonly leafUses = new DataLoader<string, BundleComposition[]>((keys) => this.usingLeaves(keys), {
    cache: false,
    batchScheduleFn: (run) => setTimeout(run, LEAF_ASK_WINDOW_MS),
  });

  constructor(private readonly model: BundleModel) {}

  /** Bundles one of whose variants is among these (nested bundles, the stock-on-hand read). */
  withVariants(orgId: string, variantIds: string[]): Promise<BundleComposition[]> {
    return this.model.find({ orgId, variantIds: { $in: variantIds } }, LIST).lean<BundleComposition[]>();
  }

  /** Bundles whose leaves include the variant (their availability follows it). */
  usingLeaf(orgId: string, variantId: string): Promise<BundleComposition[]> {
    return this.leafUses.load(JSON.stringify([orgId, variantId]));
  }

  private async usingLeaves(keys: readonly string[]): Promise<BundleComposition[][]> {
    const asked = keys.map((key) => JSON.parse(key) as [string, string]);
    const variantsByOrg = new Map<string, string[]>();
    for (const [orgId, variantId] of asked) {
      const variants = variantsByOrg.get(orgId) ?? [];
      if (!variants.includes(variantId)) variants.push(variantId);
      variantsByOrg.set(orgId, variants);
    }
    const found = new Map<string, BundleComposition[]>();
    for (const [orgId, variantIds] of variantsByOrg) {
      const leafIds = variantIds.length === 1 ? variantIds[0] : { $in: variantIds };
      found.set(orgId, await this.model.find({ orgId, leafIds }, LIST).lean<BundleComposition[]>());
    }
    return asked.map(([orgId, variantId]) => found.get(orgId)!.filter((b) => b.leafIds.includes(variantId)));
  }

  /** Bundles whose own rows name any of these variants (a nested bundle's parents). */
  parentsOf(orgId: string, variantIds: string[]): Promise<BundleComposition[]> {
    return this.model.find({ orgId, 'components.variantId': { $in: variantIds } }, LIST).lean<BundleComposition[]>();
  }
}
