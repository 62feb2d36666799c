import type { FeedChannels, FeedChannelsRead, FeedStatusReport } from '@stockyard/contracts';
import { stateOf } from '@stockyard/service-kit';
import { internalChannelView, recordFeedSync, type ChannelState } from '../domain/channel';
import type { ChannelModel } from '../store/channel.model';
import type { ChannelStore } from '../store/channel.store';

/**
 * What the orders service's feed poller reads and writes of HTTP_FEED channels (internal API):
 * every organization's live feed channels a page at a time, and its report on each poll,
 * kept on the channel (`feedSync`, shown by GET /channels/{id}).
 */
export class ChannelFeeds {
  constructor(
    private readonly model: ChannelModel,
    private readonly channels: ChannelStore,
  ) {}

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
