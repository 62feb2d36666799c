import type { z } from 'zod';
import {
  ANY_ORGANIZATION,
  type BundleLeaves,
  type ChannelBatch,
  type FeedChannels,
  type FeedChannelsQuery,
  type FeedStatusReportSchema,
  type ListedVariantsQuery,
  type OfferBatch,
  type OfferBatchQuery,
  type SourceBatch,
  type VariantBatch,
  type VariantBatchQuery,
} from '../catalog-internal';
import type { PeerOptions } from '../internal-call';
import { callRoute } from './call-route';
import { INTERNAL_ROUTES as R } from './route-table';

/** The typed client of the catalog's internal API (catalog-internal.ts), over the internal route table. */
export function catalogClient(options: Omit<PeerOptions, 'peer'>) {
  const peer = { ...options, peer: 'catalog' };
  return {
    variants: (orgId: string, query: VariantBatchQuery): Promise<VariantBatch> =>
      callRoute(peer, orgId, R.catalogVariants, query),
    bundleLeaves: (orgId: string, variantIds: string[]): Promise<BundleLeaves> =>
      callRoute(peer, orgId, R.catalogBundleLeaves, { variantIds }),
    channels: (orgId: string, ids: string[]): Promise<ChannelBatch> =>
      callRoute(peer, orgId, R.catalogChannels, { ids }),
    /** Every organization's feed channels: the identity's organization is only a signer's formality. */
    feedChannels: (query: FeedChannelsQuery): Promise<FeedChannels> =>
      callRoute(peer, ANY_ORGANIZATION, R.catalogFeedChannels, query),
    listedVariants: (orgId: string, query: ListedVariantsQuery): Promise<{ variantIds: string[] }> =>
      callRoute(peer, orgId, R.catalogListedVariants, query),
    reportFeedStatus: (orgId: string, report: z.input<typeof FeedStatusReportSchema>): Promise<unknown> =>
      callRoute(peer, orgId, R.catalogFeedStatus, report),
    sources: (orgId: string, ids: string[]): Promise<SourceBatch> => callRoute(peer, orgId, R.catalogSources, { ids }),
    offers: (orgId: string, query: OfferBatchQuery): Promise<OfferBatch> =>
      callRoute(peer, orgId, R.catalogOffers, query),
  };
}
export type CatalogClient = ReturnType<typeof catalogClient>;
