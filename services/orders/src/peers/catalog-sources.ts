import { catalogClient, type BundleLeaves, type Offer, type Source } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';

/** What holds read of the catalog beside channels and variants: sources, their offers, bundles' leaves. */
export interface CatalogSources {
  /** The organization's live source channel, or undefined (unknown, trashed, another organization's). */
  source(orgId: string, sourceChannelId: string): Promise<Source | undefined>;
  offers(orgId: string, variantId: string, sourceChannelId?: string): Promise<Offer[]>;
  leaves(orgId: string, variantIds: string[]): Promise<BundleLeaves['data']>;
}

export function catalogSources(config: Config): CatalogSources {
  const client = catalogClient(peerOptions('orders', config, config.CATALOG_URL));
  return {
    async source(orgId, sourceChannelId) {
      const batch = await callPeer('catalog', () => client.sources(orgId, [sourceChannelId]), 'unavailable');
      return batch.data.find((s) => s.id === sourceChannelId && !s.deletedAt);
    },
    async offers(orgId, variantId, sourceChannelId) {
      const query = { variantIds: [variantId], ...(sourceChannelId ? { sourceChannelId } : {}) };
      return (await callPeer('catalog', () => client.offers(orgId, query), 'unavailable')).data;
    },
    async leaves(orgId, variantIds) {
      if (variantIds.length === 0) return [];
      return (await callPeer('catalog', () => client.bundleLeaves(orgId, variantIds), 'unavailable')).data;
    },
  };
}
