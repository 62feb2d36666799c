import {
  EXAMPLE_CHANNEL,
  EXAMPLE_OFFER,
  EXAMPLE_SOURCE,
  EXAMPLE_VARIANT,
  type InternalVariant,
} from '@stockyard/contracts';
import { isMissing, perOrg, type MockBehaviors } from '../behavior';

/**
 * The catalog as a peer: every id asked is found (but `missing…` ids), made up from the
 * example and remembered, so the same id reads the same variant or supplier again; each variant
 * has one preferred offer from the asked supplier at its example cost.
 */
export function catalogBehaviors(): MockBehaviors {
  const orgs = perOrg(() => ({
    variants: new Map<string, InternalVariant>(),
    sources: new Map<string, typeof EXAMPLE_SOURCE>(),
  }));
  const variant = (orgId: string, id: string, sku?: string) => {
    const { variants } = orgs.of(orgId);
    const found = variants.get(id) ?? [...variants.values()].find((v) => sku !== undefined && v.sku === sku);
    if (found) return found;
    const made = { ...EXAMPLE_VARIANT, id, sku: sku ?? `SKU-${id}`, name: `Variant ${id}`, barcodes: [] };
    variants.set(id, made);
    return made;
  };
  const source = (orgId: string, id: string) => {
    const { sources } = orgs.of(orgId);
    const made = sources.get(id) ?? { ...EXAMPLE_SOURCE, id, name: `Supplier ${id}` };
    sources.set(id, made);
    return made;
  };
  let madeSkus = 0;
  return {
    routes: {
      catalogVariants: (orgId, { ids = [], skus = [] }) => {
        const byId = ids.filter((id) => !isMissing(id)).map((id) => variant(orgId, id));
        const bySku = skus.filter((s) => !isMissing(s)).map((sku) => variant(orgId, `var_mock_${++madeSkus}`, sku));
        const data = [...new Map([...byId, ...bySku].map((v) => [v.id, v])).values()];
        return { data, missing: { ids: ids.filter(isMissing), skus: skus.filter(isMissing) } };
      },
      catalogBundleLeaves: (orgId, { variantIds }) => ({
        data: variantIds
          .filter((id) => !isMissing(id))
          .map((id) => ({
            variantId: id,
            productId: variant(orgId, id).productId,
            productType: 'SIMPLE' as const,
            leaves: [{ variantId: id, quantity: 1 }],
          })),
        missing: variantIds.filter(isMissing),
      }),
      catalogChannels: (_orgId, { ids }) => ({
        data: ids.filter((id) => !isMissing(id)).map((id) => ({ ...EXAMPLE_CHANNEL, id, name: `Channel ${id}` })),
        missing: ids.filter(isMissing),
      }),
      catalogFeedChannels: () => ({ data: [], next: null }),
      catalogListedVariants: (_orgId, { variants }) => ({
        variantIds: variants.map((v) => v.variantId).filter((id) => !isMissing(id)),
      }),
      catalogSources: (orgId, { ids }) => ({
        data: ids.filter((id) => !isMissing(id)).map((id) => source(orgId, id)),
        missing: ids.filter(isMissing),
      }),
      catalogOffers: (orgId, { variantIds, sourceChannelId }) => {
        const supplier = source(orgId, sourceChannelId ?? EXAMPLE_SOURCE.id);
        return {
          data: variantIds
            .filter((id) => !isMissing(id))
            .map((id) => ({
              ...EXAMPLE_OFFER,
              id: `ssku_${id}`,
              variantId: id,
              sourceChannelId: supplier.id,
              sku: `SUP-${variant(orgId, id).sku}`,
              sourceName: supplier.name,
              currency: supplier.currency,
            })),
        };
      },
    },
    state: () => orgs.all(),
  };
}
