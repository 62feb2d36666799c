import type { ChannelPlatform, FeedChannels, FeedChannelsRead, List, Page } from '@stockyard/contracts';
import { AggregateStore, notFound, readPage, stateOf, type OrgFilter, type OutboxRelay } from '@stockyard/service-kit';
import { internalChannelView, type ChannelState } from '../domain/channel';
import type { ChannelModel } from './channel.model';

/** Sales channels' store: every write of a channel goes through it. */
export const channelStore = (model: ChannelModel, relay: OutboxRelay) =>
  new AggregateStore<ChannelState>(model, relay, { name: 'Channel' });
export type ChannelStore = ReturnType<typeof channelStore>;

/** Channels as states: one channel, the list, every organization's feed channels. */
export class ChannelReads {
  constructor(
    private readonly model: ChannelModel,
    private readonly store: ChannelStore,
  ) {}

  /** The organization's channel, deleted ones included; another organization's is a 404. */
  async get(orgId: string, id: string): Promise<ChannelState> {
    const channel = await this.store.read(orgId, id);
    if (!channel) throw notFound('Channel');
    return channel;
  }

  /** The organization's channel (deleted ones included), or undefined. */
  find(orgId: string, id: string): Promise<ChannelState | undefined> {
    return this.store.read(orgId, id);
  }

  async list(
    orgId: string,
    filter: { platform?: ChannelPlatform; includeDeleted: boolean },
    { limit, offset }: Page,
  ): Promise<List<ChannelState>> {
    const query: OrgFilter = { orgId };
    if (filter.platform) query.platform = filter.platform;
    if (!filter.includeDeleted) query.deletedAt = null;
    const { data, total } = await readPage<ChannelState>(this.model, {
      filter: query,
      sort: { createdAt: 1, _id: 1 },
      page: { limit, offset },
      withTotal: true,
    });
    return { data, total: total!, limit, offset };
  }

  /** Live HTTP_FEED channels of every organization, by `_id` (index `{platform, deletedAt, _id}`). */
  async feeds(query: FeedChannelsRead): Promise<FeedChannels> {
    const filter: Record<string, unknown> = { platform: 'HTTP_FEED', deletedAt: null };
    if (query.startingAfter) filter._id = { $gt: query.startingAfter };
    const rows = await this.model.find(filter, { outbox: 0 }).sort({ _id: 1 }).limit(query.limit).lean();
    const data = rows.map((row) => {
      const channel = stateOf<ChannelState>(row);
      return { ...internalChannelView(channel), orgId: channel.orgId };
    });
    return { data, next: data.length === query.limit ? data[data.length - 1]!.id : null };
  }
}
