import { catalogClient, type InternalVariant, type Source } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';

/** What invoicing reads of the catalog: vendors (sources) and variants (SKU for auto-match, weight). */
export interface CatalogReads {
  source(orgId: string, channelId: string): Promise<Source | undefined>;
  variants(orgId: string, ids: string[]): Promise<InternalVariant[]>;
}

export function catalogReads(config: Config): CatalogReads {
  const client = catalogClient(peerOptions('invoicing', config, config.CATALOG_URL));
  return {
    source: async (orgId, channelId) =>
      (await callPeer('catalog', () => client.sources(orgId, [channelId]), 'unavailable')).data.find(
        (s) => s.id === channelId,
      ),
    variants: async (orgId, ids) => {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return [];
      return (await callPeer('catalog', () => client.variants(orgId, { ids: unique }), 'unavailable')).data;
    },
  };
}
