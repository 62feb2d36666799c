import { catalogClient, type InternalVariant } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import { inParts } from '@stockyard/service-kit/store';
import type { Config } from '../config';
import type { VariantProduct } from '../domain/variant';

/** Which of these variant ids the catalog holds live (one call per 500); a catalog that fails is a 503. */
export type CatalogVariants = (orgId: string, variantIds: string[]) => Promise<Set<string>>;

/** The product and categories of each of these variants the catalog holds live (absent: not live there). */
export type CatalogProducts = (orgId: string, variantIds: string[]) => Promise<Map<string, VariantProduct>>;

const BATCH = 500;

/** The catalog's internal variant read of these ids (typed client), one call per 500; never a 500 or a hang. */
function liveVariants(config: Config) {
  const client = catalogClient(peerOptions('inventory', config, config.CATALOG_URL));
  return (orgId: string, variantIds: string[]): Promise<InternalVariant[]> =>
    inParts(
      variantIds,
      BATCH,
      async (ids) => (await callPeer('catalog', () => client.variants(orgId, { ids }), 'unavailable')).data,
    );
}

export function catalogVariants(config: Config): CatalogVariants {
  const read = liveVariants(config);
  return async (orgId, variantIds) => new Set((await read(orgId, variantIds)).map((v) => v.id));
}

export function catalogProducts(config: Config): CatalogProducts {
  const read = liveVariants(config);
  return async (orgId, variantIds) =>
    new Map((await read(orgId, variantIds)).map((v) => [v.id, { productId: v.productId, categoryIds: v.categoryIds }]));
}
