import { catalogClient, serviceSigner } from '@stockyard/contracts';
import { AppError, callPeer } from '@stockyard/service-kit';
import { peerTransport } from '@stockyard/service-kit/net';
import { assertStorefrontChannel, isChannelId, unknownChannel } from '../domain/storefront-channel';

interface StorefrontChannelOptions {
  /** The catalog's replicas. */
  catalogUrls: readonly string[];
  identitySecret: string;
  timeoutMs: number;
}

/** Checks the channel a storefront key is bound to (POST /api-keys/storefront). */
export type StorefrontChannels = (orgId: string, channelId: string) => Promise<void>;

/**
 * Through the catalog's internal API (it owns channels; the gateway never reads its
 * database), signed as the service `gateway` for the caller's organization. A catalog that
 * does not answer in time, answers 5xx or refuses the call is a 503 `dependency_unavailable`:
 * the key is not created unchecked. The batch is a read, so a replica that does not answer is
 * followed by the next one (in turn, starting from another each call); the 503 comes when none did.
 */
export function storefrontChannels({
  catalogUrls,
  identitySecret,
  timeoutMs,
}: StorefrontChannelOptions): StorefrontChannels {
  const sign = serviceSigner('gateway', identitySecret);
  const replicas = catalogUrls.map((baseUrl) => catalogClient({ baseUrl, sign, timeoutMs, send: peerTransport }));
  let turn = 0;
  return async (orgId, channelId) => {
    if (!isChannelId(channelId)) throw unknownChannel(channelId);
    const first = turn++ % replicas.length;
    for (let i = 0; ; i++) {
      const catalog = replicas[(first + i) % replicas.length]!;
      try {
        const batch = await callPeer('catalog', () => catalog.channels(orgId, [channelId]), 'unavailable');
        return assertStorefrontChannel(channelId, batch);
      } catch (err) {
        const unanswered = err instanceof AppError && err.code === 'dependency_unavailable';
        if (!unanswered || i === replicas.length - 1) throw err;
      }
    }
  };
}
