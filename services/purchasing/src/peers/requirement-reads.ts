import {
  catalogClient,
  inventoryClient,
  type InternalVariant,
  type Offer,
  type ReorderLevels,
  type ReorderLevelsQuery,
} from '@stockyard/contracts';
import type { Config } from '../config';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import { inParts } from '@stockyard/service-kit/store';

/** The catalog's batches take at most this many variants. */
const BATCH = 500;

/** What orders from requirements read of the peers: reorder levels (inventory), live offers and variants (catalog). */
export interface RequirementReads {
  reorderLevels(orgId: string, query: ReorderLevelsQuery): Promise<ReorderLevels>;
  /** Every live source's offers of the variants. */
  offers(orgId: string, variantIds: string[]): Promise<Offer[]>;
  variants(orgId: string, ids: string[]): Promise<InternalVariant[]>;
}

export function requirementReads(config: Config): RequirementReads {
  const catalog = catalogClient(peerOptions('purchasing', config, config.CATALOG_URL));
  const inventory = inventoryClient(peerOptions('purchasing', config, config.INVENTORY_URL));
  const batched = <T>(ids: string[], call: (part: string[]) => Promise<{ data: T[] }>) =>
    inParts(ids, BATCH, async (part) => (await callPeer('catalog', () => call(part))).data, { together: true });
  return {
    reorderLevels: (orgId, query) => callPeer('inventory', () => inventory.reorderLevels(orgId, query)),
    offers: (orgId, variantIds) => batched(variantIds, (part) => catalog.offers(orgId, { variantIds: part })),
    variants: (orgId, ids) => batched(ids, (part) => catalog.variants(orgId, { ids: part })),
  };
}
