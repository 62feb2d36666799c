import type { FeedChannels, FeedChannelsRead, FeedStatusReport, ListedVariantsQuery } from '@stockyard/contracts';
import { stateOf } from '@stockyard/service-kit';
import { internalChannelView, recordFeedSync, type ChannelState } from '../domain/channel';
import type { ChannelModel } from '../store/channel.model';
import type { ListingModel } from '../store/listing.model';
import type { ChannelStore } from '../store/channel.store';

/**
 * What the orders service reads and writes of channels (internal API): the variants a channel
 * sells (a checkout's check), and for its feed poller:
 * every organization's live feed channels a page at a time, and its report on each poll,
 * kept on the channel (`feedSync`, shown by GET /channels/{id}).
 */
export class ChannelFeeds {
  constructor(
    private readonly model: ChannelModel,
    private readonly channels: ChannelStore,
    private readonly listings: ListingModel,
  ) {}

  /**
   * The orders service's checkout: which of these variants the channel lists, each by its
   * product's listings (a range of `{orgId, channelId, productId}`): a listing without a variant
   * lists the whole product.
   */
  async listedVariants(orgId: string, { channelId, variants }: ListedVariantsQuery): Promise<{ variantIds: string[] }> {
    const productIds = [...new Set(variants.map((v) => v.productId))];
    const rows = await Promise.all(
      productIds.map((productId) =>
        this.listings.find({ orgId, channelId, productId }, { variantId: 1 }).lean<{ variantId: string | null }[]>(),
      ),
    );
    const listed = new Map(productIds.map((p, i) => [p, rows[i]!.map((r) => r.variantId)]));
    const variantIds = variants
      .filter((v) => listed.get(v.productId)!.some((id) => id === null || id === v.variantId))
      .map((v) => v.variantId);
    return { variantIds };
  }

  /** Live HTTP_FEED channels of every organization, by `_id` (index `{platform, deletedAt, _id}`). */
  async page(query: FeedChannelsRead): Promise<FeedChannels> {
    const filter: Record<string, unknown> = { platform: 'HTTP_FEED', deletedAt: null };
    if (query.startingAfter) filter._id = { $gt: query.startingAfter };
    const rows = await this.model.find(filter, { outbox: 0 }).sort({ _id: 1 }).limit(query.limit).lean();
    const data = rows.map((row) => {
      const channel = stateOf<ChannelState>(row);
      return { ...internalChannelView(channel), orgId: channel.orgId };
    });
    return { data, next: data.length === query.limit ? data[data.length - 1]!.id : null };
  }

  /** Keeps the poller's report on the organization's channel (404 for another organization's or an unknown one). */
  async record(orgId: string, { channelId, ...sync }: FeedStatusReport): Promise<void> {
    await this.channels.get(orgId, channelId);
    await this.channels.store.change(orgId, channelId, (c) => ({ state: recordFeedSync(c, sync) }));
  }
}
