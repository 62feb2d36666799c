import type { List, Page } from '@stockyard/contracts';
import { AggregateStore, countOwned, findOwned, readPage } from '@stockyard/service-kit';
import type { ListingState } from '../domain/listing';
import type { ListingLookup } from '../ports';
import type { ListingModel } from './listing.model';
import { inParallel } from './in-parallel';

type ListingFilter = { productId?: string; externalParentId?: string };
type StoredListing = ListingState & { version: number };

/**
 * The state a listing not stored yet starts from (the store's `initial`): its ids only. Every
 * stored listing has `createdAt`, so its absence tells the upsert that there is none.
 */
const notStored = (orgId: string, id: string) => ({ id, orgId, version: 0 }) as StoredListing;

/** Listings' store: a listing's id derives from its channel and external ids; a missing one starts as `notStored`. */
export const listingStore = (model: ListingModel) =>
  new AggregateStore<StoredListing>(model, undefined, { name: 'Listing', initial: notStored });
export type ListingStore = ReturnType<typeof listingStore>;

/** Listings of sales channels as states: by channel, product, variant or parent. */
export class ListingReads implements ListingLookup {
  constructor(private readonly model: ListingModel) {}

  async list(orgId: string, channelId: string, filter: ListingFilter, page: Page): Promise<List<ListingState>> {
    const { data, total } = await readPage<ListingState>(this.model, {
      filter: { orgId, channelId, ...filter },
      sort: { createdAt: 1, _id: 1 },
      page,
      withTotal: true,
    });
    return { data, total: total!, ...page };
  }

  /** The organization's listing, or undefined. */
  find(orgId: string, id: string): Promise<ListingState | undefined> {
    return findOwned<ListingState>(this.model, orgId, id);
  }

  /**
   * The variants the channel lists of each product (null: a listing of the whole product), each
   * product's a range of `{orgId, channelId, productId}`.
   */
  async variantsListed(orgId: string, channelId: string, productIds: readonly string[]) {
    const rows = await Promise.all(
      productIds.map((productId) =>
        this.model.find({ orgId, channelId, productId }, { variantId: 1 }).lean<{ variantId: string | null }[]>(),
      ),
    );
    return new Map(productIds.map((p, i) => [p, rows[i]!.map((r) => r.variantId)]));
  }

  countOnChannel(orgId: string, channelId: string): Promise<number> {
    return countOwned(this.model, { orgId, channelId });
  }

  /** GET /products?channelId=: the products the channel lists. */
  async productIdsOnChannel(orgId: string, channelId: string): Promise<string[]> {
    const rows = await this.model.find({ orgId, channelId }, { productId: 1 }).lean<{ productId: string }[]>();
    return [...new Set(rows.map((r) => r.productId))];
  }

  /**
   * A count per variant (a listing names one), each a range of `(orgId, variantId)`: the local store
   * reads no index range for an `$in`, and counted every listing of the organization.
   */
  async listingCountOfVariants(orgId: string, variantIds: string[]): Promise<number> {
    let total = 0;
    await inParallel([...new Set(variantIds)], 8, async (variantId) => {
      const count = await countOwned(this.model, { orgId, variantId });
      total += count; // not `total += await …`, which adds to the total read before the wait
    });
    return total;
  }

  /**
   * Every listing with a parent listing, for family candidates (channel, parent, product). A parent
   * id is null or a string: every string, as a range (`$ne: null` read every listing of the organization).
   */
  /**
   * Listings with a parent in order of parent id, then channel, from the group `after` on
   * (itself included unless `exclusive`), at most `limit` (0: all): a range of the `(orgId,
   * externalParentId, channelId)` index bounded by the parent id.
   */
  withParents(orgId: string, limit = 0, after?: ParentGroupKey, exclusive = true) {
    const filter: Record<string, unknown> = { orgId, externalParentId: { $gte: after?.externalParentId ?? '' } };
    if (after) {
      const channelId = exclusive ? { $gt: after.channelId } : { $gte: after.channelId };
      filter.$or = [{ externalParentId: { $gt: after.externalParentId } }, { channelId }];
    }
    return this.model
      .find(filter, PARENT_FIELDS)
      .sort({ externalParentId: 1, channelId: 1 })
      .limit(limit)
      .lean<ParentListingRow[]>();
  }

  /** Every listing of one parent on one channel (a point of the same index). */
  parentGroup(orgId: string, { externalParentId, channelId }: ParentGroupKey) {
    return this.model.find({ orgId, externalParentId, channelId }, PARENT_FIELDS).lean<ParentListingRow[]>();
  }
}

/** A family-candidate group: the listings of one parent id on one channel. */
export interface ParentGroupKey {
  externalParentId: string;
  channelId: string;
}
type ParentListingRow = ParentGroupKey & { productId: string };
const PARENT_FIELDS = { channelId: 1, externalParentId: 1, productId: 1 } as const;
