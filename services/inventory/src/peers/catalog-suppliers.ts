import { catalogClient } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import { inParts } from '@stockyard/service-kit/store';
import type { Config } from '../config';
import { supplierOffer, type SupplierTerms } from '../domain/reorder-suggestions';

/** The supplier of each of these variants that has one (at most 500 variants); a catalog that fails is a 503. */
export type CatalogSuppliers = (orgId: string, variantIds: string[]) => Promise<Map<string, SupplierTerms>>;

/** Sources the catalog's source read takes in one call. */
const SOURCES_PER_CALL = 100;

/**
 * The catalog's internal offer read (the variants' source SKUs, live sources only), then its
 * source read for the chosen suppliers' lead times: two calls for a page of variants.
 */
export function catalogSuppliers(config: Config): CatalogSuppliers {
  const client = catalogClient(peerOptions('inventory', config, config.CATALOG_URL));
  return async (orgId, variantIds) => {
    const suppliers = new Map<string, SupplierTerms>();
    if (variantIds.length === 0) return suppliers;
    const { data: offers } = await callPeer('catalog', () => client.offers(orgId, { variantIds }), 'unavailable');
    const chosen = variantIds.flatMap((v) => {
      const offer = supplierOffer(offers, v);
      return offer ? [offer] : [];
    });
    const sourceIds = [...new Set(chosen.map((o) => o.sourceChannelId))];
    const sources = await inParts(
      sourceIds,
      SOURCES_PER_CALL,
      async (ids) => (await callPeer('catalog', () => client.sources(orgId, ids), 'unavailable')).data,
    );
    const leadTimes = new Map(sources.map((source) => [source.id, source.leadTimeDays]));
    for (const offer of chosen) {
      suppliers.set(offer.variantId, {
        sourceChannelId: offer.sourceChannelId,
        supplierSku: offer.sku,
        unitCost: offer.cost,
        currency: offer.currency,
        leadTimeDays: leadTimes.get(offer.sourceChannelId) ?? null,
      });
    }
    return suppliers;
  };
}
