import type { FeedChannels, FeedChannelsRead, FeedStatusReport, ListedVariantsQuery } from '@stockyard/contracts';
import { recordFeedSync } from '../domain/channel';
import type { ChannelReads, ChannelStore } from '../store/channel.repository';
import type { ListingReads } from '../store/listing.repository';

/**
 * What the orders service reads and writes of channels (internal API): the variants a channel
 * sells (a checkout's check), and for its feed poller:
 * every organization's live feed channels a page at a time, and its report on each poll,
 * kept on the channel (`feedSync`, shown by GET /channels/{id}).
 */
export class ChannelFeeds {
  constructor(
    private readonly store: ChannelStore,
    private readonly channels: ChannelReads,
    private readonly listings: ListingReads,
  ) {}

  /**
   * The orders service's checkout: which of these variants the channel lists, each by its
   * product's listings: a listing without a variant lists the whole product.
   */
  async listedVariants(orgId: string, { channelId, variants }: ListedVariantsQuery): Promise<{ variantIds: string[] }> {
    const listed = await this.listings.variantsListed(orgId, channelId, [...new Set(variants.map((v) => v.productId))]);
    const variantIds = variants
      .filter((v) => listed.get(v.productId)!.some((id) => id === null || id === v.variantId))
      .map((v) => v.variantId);
    return { variantIds };
  }

  /** Live HTTP_FEED channels of every organization, by `_id`. */
  page(query: FeedChannelsRead): Promise<FeedChannels> {
    return this.channels.feeds(query);
  }

  /** Keeps the poller's report on the organization's channel (404 for another organization's or an unknown one). */
  async record(orgId: string, { channelId, ...sync }: FeedStatusReport): Promise<void> {
    await this.channels.get(orgId, channelId);
    await this.store.change(orgId, channelId, (c) => ({ state: recordFeedSync(c, sync) }));
  }
}
