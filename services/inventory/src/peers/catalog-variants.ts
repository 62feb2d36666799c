import { catalogClient, PeerRefusedError, PeerUnavailableError, serviceSigner } from '@stockyard/contracts';
import { AppError } from '@stockyard/service-kit';
import type { Config } from '../config';

export const dependencyUnavailable = (peer: string) =>
  new AppError('unavailable', `${peer} is unavailable; retry shortly`, 'dependency_unavailable', undefined, {
    'Retry-After': '5',
  });

/** Which of these variant ids the catalog holds live (one call per 500); a catalog that fails is a 503. */
export type CatalogVariants = (orgId: string, variantIds: string[]) => Promise<Set<string>>;

const BATCH = 500;

/** The catalog's internal variant read, through the typed client; never a 500 or a hang. */
export function catalogVariants(config: Config): CatalogVariants {
  const client = catalogClient({
    baseUrl: config.CATALOG_URL,
    sign: serviceSigner('inventory', config.IDENTITY_SECRET),
    timeoutMs: config.PEER_TIMEOUT_MS,
  });
  return async (orgId, variantIds) => {
    const live = new Set<string>();
    try {
      for (let i = 0; i < variantIds.length; i += BATCH) {
        const { data } = await client.variants(orgId, { ids: variantIds.slice(i, i + BATCH) });
        for (const variant of data) live.add(variant.id);
      }
    } catch (err) {
      if (err instanceof PeerUnavailableError || err instanceof PeerRefusedError)
        throw dependencyUnavailable('catalog');
      throw err;
    }
    return live;
  };
}
