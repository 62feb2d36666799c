import { catalogClient, type InternalVariant, type Offer, type Source } from '@stockyard/contracts';
import type { Config } from '../config';
import { callPeer, peerOptions } from '@stockyard/service-kit';

/** What purchasing reads of the catalog: suppliers, their offers, variants. */
export interface CatalogReads {
  source(orgId: string, channelId: string): Promise<Source | undefined>;
  variants(orgId: string, ids: string[]): Promise<InternalVariant[]>;
  offers(orgId: string, variantIds: string[], sourceChannelId: string): Promise<Offer[]>;
}

/** The catalog's internal reads through the typed client (the kit's callPeer maps its failures). */
export function catalogReads(config: Config): CatalogReads {
  const client = catalogClient(peerOptions('purchasing', config, config.CATALOG_URL));
  return {
    source: async (orgId, channelId) =>
      (await callPeer('catalog', () => client.sources(orgId, [channelId]))).data.find((s) => s.id === channelId),
    variants: async (orgId, ids) =>
      ids.length === 0 ? [] : (await callPeer('catalog', () => client.variants(orgId, { ids }))).data,
    offers: async (orgId, variantIds, sourceChannelId) =>
      variantIds.length === 0
        ? []
        : (await callPeer('catalog', () => client.offers(orgId, { variantIds, sourceChannelId }))).data,
  };
}
