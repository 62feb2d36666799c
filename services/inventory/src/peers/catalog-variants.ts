import { catalogClient } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';

/** Which of these variant ids the catalog holds live (one call per 500); a catalog that fails is a 503. */
export type CatalogVariants = (orgId: string, variantIds: string[]) => Promise<Set<string>>;

const BATCH = 500;

/** The catalog's internal variant read, through the typed client; never a 500 or a hang. */
export function catalogVariants(config: Config): CatalogVariants {
  const client = catalogClient(peerOptions('inventory', config, config.CATALOG_URL));
  return async (orgId, variantIds) => {
    const live = new Set<string>();
    for (let i = 0; i < variantIds.length; i += BATCH) {
      const ids = variantIds.slice(i, i + BATCH);
      const { data } = await callPeer('catalog', () => client.variants(orgId, { ids }), 'unavailable');
      for (const variant of data) live.add(variant.id);
    }
    return live;
  };
}
