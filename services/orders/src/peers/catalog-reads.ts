import { catalogClient, type InternalChannel, type InternalVariant } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';

/** The catalog accepts at most this many ids and SKUs in one variant batch. */
const VARIANT_BATCH = 500;

/** What orders reads of the catalog: its sales channels (with their feeds), variants by id and SKU. */
export interface CatalogReads {
  /** The organization's live channel, or undefined (unknown, deleted, another organization's). */
  channel(orgId: string, channelId: string): Promise<InternalChannel | undefined>;
  /** Live variants among these ids and SKUs (SKUs matched trimmed, in any case). */
  variants(orgId: string, query: { ids: string[]; skus: string[] }): Promise<InternalVariant[]>;
}

/** The catalog's internal reads through the typed client (the kit's callPeer maps its failures to 503). */
export function catalogReads(config: Config): CatalogReads {
  const client = catalogClient(peerOptions('orders', config, config.CATALOG_URL));
  return {
    channel: async (orgId, channelId) =>
      (await callPeer('catalog', () => client.channels(orgId, [channelId]), 'unavailable')).data.find(
        (c) => c.id === channelId,
      ),
    async variants(orgId, { ids, skus }) {
      const found: InternalVariant[] = [];
      const asks = [...ids.map((id) => ({ id })), ...skus.map((sku) => ({ sku }))];
      for (let i = 0; i < asks.length; i += VARIANT_BATCH) {
        const part = asks.slice(i, i + VARIANT_BATCH);
        const query = {
          ids: part.flatMap((a) => ('id' in a ? [a.id] : [])),
          skus: part.flatMap((a) => ('sku' in a ? [a.sku] : [])),
        };
        const batch = await callPeer('catalog', () => client.variants(orgId, query), 'unavailable');
        found.push(...batch.data);
      }
      return found;
    },
  };
}
