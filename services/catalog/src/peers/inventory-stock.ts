import { inventoryClient, PeerRefusedError, PeerUnavailableError, serviceSigner } from '@stockyard/contracts';
import { AppError } from '@stockyard/service-kit';
import type { Config } from '../config';
import type { StockLookup } from '../ports';

export const dependencyUnavailable = (peer: string) =>
  new AppError('unavailable', `${peer} is unavailable; retry shortly`, 'dependency_unavailable', undefined, {
    'Retry-After': '5',
  });

/** Inventory's internal stock read, through the typed client; a peer that fails is a 503, never a 500 or a hang. */
export function inventoryStock(config: Config): StockLookup {
  const client = inventoryClient({
    baseUrl: config.INVENTORY_URL,
    sign: serviceSigner('catalog', config.IDENTITY_SECRET),
    timeoutMs: config.PEER_TIMEOUT_MS,
  });
  const read = async (orgId: string, variantIds: string[]) => {
    try {
      return await client.stockOnHand(orgId, variantIds);
    } catch (err) {
      if (err instanceof PeerUnavailableError || err instanceof PeerRefusedError)
        throw dependencyUnavailable('inventory');
      throw err;
    }
  };
  return {
    onHand: async (orgId, variantIds) => new Map((await read(orgId, variantIds)).map((r) => [r.variantId, r.onHand])),
    available: async (orgId, variantIds) =>
      new Map((await read(orgId, variantIds)).map((r) => [r.variantId, r.available])),
  };
}
