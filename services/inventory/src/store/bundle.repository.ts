import { AggregateStore, type OutboxRelay } from '@stockyard/service-kit';
import { emptyBundle, type BundleComposition } from '../domain/bundle-availability';
import type { BundleModel } from './bundle.model';

const LIST = { outbox: 0, outboxPending: 0, outboxAt: 0 } as const;

export const bundleStore = (model: BundleModel, relay: OutboxRelay) =>
  new AggregateStore<BundleComposition>(model, relay, {
    name: 'Bundle',
    documentId: (orgId, productId) => `${orgId}:${productId}`,
    initial: emptyBundle,
  });
export type BundleStore = ReturnType<typeof bundleStore>;

/** Reads of the bundle read model, in the domain's words. */
export class BundleRepository {
  constructor(
    readonly store: BundleStore,
    private readonly model: BundleModel,
  ) {}

  /** Bundles one of whose variants is among these (nested bundles, the stock-on-hand read). */
  withVariants(orgId: string, variantIds: string[]): Promise<BundleComposition[]> {
    return this.model.find({ orgId, variantIds: { $in: variantIds } }, LIST).lean<BundleComposition[]>();
  }

  /** Bundles whose leaves include the variant (their availability follows it). */
  usingLeaf(orgId: string, variantId: string): Promise<BundleComposition[]> {
    return this.model.find({ orgId, leafIds: variantId }, LIST).lean<BundleComposition[]>();
  }

  /** Bundles whose own rows name any of these variants (a nested bundle's parents). */
  parentsOf(orgId: string, variantIds: string[]): Promise<BundleComposition[]> {
    return this.model.find({ orgId, 'components.variantId': { $in: variantIds } }, LIST).lean<BundleComposition[]>();
  }
}
