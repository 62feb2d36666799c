import { catalogClient, type InternalChannel, type InternalVariant } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import { inParts, RecentMap } from '@stockyard/service-kit/store';
import type { Config } from '../config';

/** Channels remembered (CHANNEL_CACHE_MS): an organization has a handful. */
const CHANNELS_KEPT = 10_000;
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
  const channels = new RecentMap<string, { at: number; channel: InternalChannel | undefined }>(CHANNELS_KEPT);
  return {
    async channel(orgId, channelId) {
      const key = `${orgId}:${channelId}`;
      const kept = channels.get(key);
      if (kept && Date.now() - kept.at < config.CHANNEL_CACHE_MS) return kept.channel;
      const batch = await callPeer('catalog', () => client.channels(orgId, [channelId]), 'unavailable');
      const channel = batch.data.find((c) => c.id === channelId);
      channels.set(key, { at: Date.now(), channel });
      return channel;
    },
    async variants(orgId, { ids, skus }) {
      const asks = [...ids.map((id) => ({ id })), ...skus.map((sku) => ({ sku }))];
      return inParts(asks, VARIANT_BATCH, async (part) => {
        const query = {
          ids: part.flatMap((a) => ('id' in a ? [a.id] : [])),
          skus: part.flatMap((a) => ('sku' in a ? [a.sku] : [])),
        };
        return (await callPeer('catalog', () => client.variants(orgId, query), 'unavailable')).data;
      });
    },
  };
}
