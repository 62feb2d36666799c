import type { List, ListingInput, Page } from '@stockyard/contracts';
import { AggregateStore, findOwned, notFound, readPage, countOwned } from '@stockyard/service-kit';
import { listingId, upsertListing, type ListingState, type UpsertOutcome } from '../domain/listing';
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

/** Listings of sales channels: upserted by external ids, read by channel, product or parent. */
export class ListingRepository implements ListingLookup {
  private readonly store: AggregateStore<StoredListing>;

  constructor(private readonly model: ListingModel) {
    this.store = new AggregateStore<StoredListing>(model, undefined, { name: 'Listing', initial: notStored });
  }

  async list(orgId: string, channelId: string, filter: ListingFilter, page: Page): Promise<List<ListingState>> {
    const { data, total } = await readPage<ListingState>(this.model, {
      filter: { orgId, channelId, ...filter },
      sort: { createdAt: 1, _id: 1 },
      page,
      withTotal: true,
    });
    return { data, total: total!, ...page };
  }

  /**
   * Upserts the channel's listings by their external ids: each is one change of the listing's
   * aggregate (a missing one is inserted by it), so the store guards every write.
   */
  async upsert(orgId: string, channelId: string, inputs: ListingInput[]) {
    const now = new Date();
    const outcomes: { next: ListingState; outcome: UpsertOutcome }[] = [];
    await inParallel(inputs, 8, async (input) => {
      const id = listingId(channelId, input.externalProductId, input.externalVariantId ?? null);
      const { state, result } = await this.store.change(orgId, id, (current) => {
        const stored = current.createdAt === undefined ? undefined : current;
        const decided = upsertListing(orgId, channelId, stored, input, now);
        const next = { ...decided.next, version: current.version };
        return { state: decided.outcome === 'unchanged' ? undefined : next, result: decided.outcome };
      });
      outcomes.push({ next: state, outcome: result });
    });
    const byInput = new Map(outcomes.map((o) => [o.next.id, o]));
    const ordered = inputs.map((i) =>
      byInput.get(listingId(channelId, i.externalProductId, i.externalVariantId ?? null))!,
    );
    const count = (o: UpsertOutcome) => ordered.filter((r) => r.outcome === o).length;
    return {
      created: count('created'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      data: ordered.map((r) => r.next),
    };
  }

  async delete(orgId: string, channelId: string, id: string): Promise<void> {
    const found = await findOwned<ListingState>(this.model, orgId, id);
    if (!found || found.channelId !== channelId) throw notFound('Listing');
    await this.model.deleteOne({ _id: id, orgId });
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
