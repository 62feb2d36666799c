import { catalogClient, serviceSigner } from '@stockyard/contracts';
import { callPeer } from '@stockyard/service-kit';
import { assertStorefrontChannel, isChannelId, unknownChannel } from '../domain/storefront-channel';

export interface StorefrontChannelOptions {
  catalogUrl: string;
  identitySecret: string;
  timeoutMs: number;
}

/** Checks the channel a storefront key is bound to (POST /api-keys/storefront). */
export type StorefrontChannels = (orgId: string, channelId: string) => Promise<void>;

/**
 * Through the catalog's internal API (it owns channels; the gateway never reads its
 * database), signed as the service `gateway` for the caller's organization. A catalog that
 * does not answer in time, answers 5xx or refuses the call is a 503 `dependency_unavailable`:
 * the key is not created unchecked.
 */
export function storefrontChannels({
  catalogUrl,
  identitySecret,
  timeoutMs,
}: StorefrontChannelOptions): StorefrontChannels {
  const catalog = catalogClient({ baseUrl: catalogUrl, sign: serviceSigner('gateway', identitySecret), timeoutMs });
  return async (orgId, channelId) => {
    if (!isChannelId(channelId)) throw unknownChannel(channelId);
    const batch = await callPeer('catalog', () => catalog.channels(orgId, [channelId]), 'unavailable');
    assertStorefrontChannel(channelId, batch);
  };
}
