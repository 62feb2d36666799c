import type { ChannelPlatform, List, Page } from '@stockyard/contracts';
import { AggregateStore, notFound, type OutboxRelay, readPage, type OrgFilter } from '@stockyard/service-kit';
import type { ChannelState } from '../domain/channel';
import type { ChannelModel } from './channel.model';

/** Sales channels: every write through the aggregate store, lists from the model. */
export class ChannelStore {
  readonly store: AggregateStore<ChannelState>;

  constructor(
    private readonly model: ChannelModel,
    relay: OutboxRelay,
  ) {
    this.store = new AggregateStore<ChannelState>(model, relay, { name: 'Channel' });
  }

  /** The organization's channel, deleted ones included; another organization's is a 404. */
  async get(orgId: string, id: string): Promise<ChannelState> {
    const channel = await this.store.read(orgId, id);
    if (!channel) throw notFound('Channel');
    return channel;
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
}
