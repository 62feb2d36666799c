import type { ChannelBatch, CreateChannel, ListingInput, Page, UpdateChannel } from '@stockyard/contracts';
import { notFound } from '@stockyard/service-kit';
import { checkPublicUrl, type UrlPolicy, type UrlRules } from '@stockyard/service-kit/net';
import {
  deleteChannel,
  internalChannelView,
  newChannel,
  newFeedSecret,
  updateChannel,
  type ChannelState,
} from '../domain/channel';
import { channelDeleted, listingTargetsNotFound, unknownWarehouse } from '../domain/channel.errors';
import { listingId, upsertListing, type ListingState, type UpsertOutcome } from '../domain/listing';
import { liveVariants } from '../domain/product-derived';
import type { WarehouseLookup } from '../ports';
import type { ChannelReads, ChannelStore } from '../store/channel.repository';
import { inParallel } from '../store/in-parallel';
import type { ListingReads, ListingStore } from '../store/listing.repository';
import type { ProductStore } from '../store/product.store';

/** How feed URLs are named in refusals (`feed_url_not_https`, `feed_url_private_address`, ...). */
export const FEED_URL_RULES: UrlRules = { subject: 'Feed URL', code: 'feed_url' };

/** Sales channels and their listings. */
export class ChannelCommands {
  constructor(
    private readonly store: ChannelStore,
    private readonly channels: ChannelReads,
    private readonly listingStore: ListingStore,
    private readonly listings: ListingReads,
    private readonly products: ProductStore,
    private readonly urls: UrlPolicy,
    private readonly warehouses: WarehouseLookup,
  ) {}

  list(orgId: string, filter: Parameters<ChannelReads['list']>[1], page: Page) {
    return this.channels.list(orgId, filter, page);
  }

  get(orgId: string, id: string): Promise<ChannelState> {
    return this.channels.get(orgId, id);
  }

  /**
   * The internal batch: the organization's live channels by id. Each id is one read by `_id`
   * through the store, as GET /channels/{id} reads it: batches are small (at most 100, an
   * organization has a handful of channels); a deleted or another organization's channel is
   * `missing`, as an unknown one is.
   */
  async batch(orgId: string, ids: string[]): Promise<ChannelBatch> {
    const unique = [...new Set(ids)];
    const found = await Promise.all(unique.map((id) => this.channels.find(orgId, id)));
    const answer: ChannelBatch = { data: [], missing: [] };
    unique.forEach((id, i) => {
      const channel = found[i];
      if (!channel || channel.deletedAt) answer.missing.push(id);
      else answer.data.push(internalChannelView(channel));
    });
    return answer;
  }

  /** A channel ships from a live warehouse of the organization (422 unknown_warehouse; 503 when inventory is down). */
  private async checkWarehouse(orgId: string, warehouseId: string | null | undefined): Promise<void> {
    if (!warehouseId) return;
    if (!(await this.warehouses.liveIds(orgId, [warehouseId])).has(warehouseId)) throw unknownWarehouse(warehouseId);
  }

  async create(orgId: string, input: CreateChannel): Promise<ChannelState> {
    if (input.feedUrl) await checkPublicUrl(input.feedUrl, this.urls, FEED_URL_RULES);
    await this.checkWarehouse(orgId, input.warehouseId);
    return this.store.create(newChannel(orgId, input));
  }

  async update(orgId: string, id: string, patch: UpdateChannel): Promise<ChannelState> {
    await this.channels.get(orgId, id); // another organization's id is a 404 whatever the body says
    if (patch.feedUrl) await checkPublicUrl(patch.feedUrl, this.urls, FEED_URL_RULES);
    await this.checkWarehouse(orgId, patch.warehouseId);
    const { state } = await this.store.change(orgId, id, (c) => ({
      state: updateChannel(c, patch, newFeedSecret),
    }));
    return state;
  }

  /** Soft delete; 409 `channel_has_listings` while it has any (the count is read just before the write). */
  async delete(orgId: string, id: string): Promise<void> {
    await this.channels.get(orgId, id);
    const listings = await this.listings.countOnChannel(orgId, id);
    await this.store.change(orgId, id, (c) => ({ state: deleteChannel(c, listings, new Date()) }));
  }

  async listListings(
    orgId: string,
    channelId: string,
    filter: { productId?: string; externalParentId?: string },
    page: Page,
  ) {
    await this.channels.get(orgId, channelId);
    return this.listings.list(orgId, channelId, filter, page);
  }

  /** Upserts listings of a live channel; every product (and variant) they name must exist and be live. */
  async upsertListings(orgId: string, channelId: string, inputs: ListingInput[]) {
    const channel = await this.channels.get(orgId, channelId);
    if (channel.deletedAt) throw channelDeleted();
    await this.checkTargets(orgId, inputs);
    return this.upsert(orgId, channelId, inputs);
  }

  async deleteListing(orgId: string, channelId: string, id: string): Promise<void> {
    await this.channels.get(orgId, channelId);
    const found = await this.listings.find(orgId, id);
    if (!found || found.channelId !== channelId) throw notFound('Listing');
    await this.listingStore.remove(orgId, id);
  }

  /**
   * Upserts the channel's listings by their external ids: each is one change of the listing's
   * aggregate (a missing one is inserted by it), so the store guards every write.
   */
  private async upsert(orgId: string, channelId: string, inputs: ListingInput[]) {
    const now = new Date();
    const outcomes: { next: ListingState; outcome: UpsertOutcome }[] = [];
    await inParallel(inputs, 8, async (input) => {
      const id = listingId(channelId, input.externalProductId, input.externalVariantId ?? null);
      const { state, result } = await this.listingStore.change(orgId, id, (current) => {
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

  private async checkTargets(orgId: string, inputs: ListingInput[]): Promise<void> {
    const found = await this.products.readMany(
      orgId,
      inputs.map((i) => i.productId),
    );
    const products = new Map([...found].filter(([, p]) => !p.deletedAt));
    const details: { field: string; code: string; message: string }[] = [];
    inputs.forEach((input, i) => {
      const product = products.get(input.productId);
      if (!product) {
        details.push({ field: `listings.${i}.productId`, code: 'product_not_found', message: `${input.productId}` });
      } else if (input.variantId && !liveVariants(product).some((v) => v.id === input.variantId)) {
        details.push({ field: `listings.${i}.variantId`, code: 'variant_not_found', message: `${input.variantId}` });
      }
    });
    if (details.length > 0) throw listingTargetsNotFound(details);
  }
}
