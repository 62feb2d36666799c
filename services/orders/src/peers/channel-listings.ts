import { catalogClient } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';

/** Which of these variants (each with its product) a channel sells, by its listings in the catalog. */
export type ListedOnChannel = (
  orgId: string,
  channelId: string,
  variants: { variantId: string; productId: string }[],
) => Promise<Set<string>>;

export function listedOnChannel(config: Config): ListedOnChannel {
  const client = catalogClient(peerOptions('orders', config, config.CATALOG_URL));
  return async (orgId, channelId, variants) => {
    const answer = await callPeer(
      'catalog',
      () => client.listedVariants(orgId, { channelId, variants }),
      'unavailable',
    );
    return new Set(answer.variantIds);
  };
}
