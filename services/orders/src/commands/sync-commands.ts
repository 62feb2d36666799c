import { errors } from '../domain/errors';
import type { Order } from '../domain/order';
import { notPullable } from '../domain/order.errors';
import { FeedError, type FeedClient } from '../feeds/feed-client';
import type { FeedSync } from '../feeds/feed-sync';
import type { CatalogReads } from '../peers/catalog-reads';
import type { OrderCommands } from './order-commands';

const feedFailed = (message: string) => errors.feed_fetch_failed(message);
const notInFeed = (channelOrderId: string) =>
  errors.feed_order_not_found(`The channel's feed has no order ${channelOrderId}`);

/**
 * POST /orders/{id}/sync: re-pulls one order from its HTTP_FEED channel (`GET <feedUrl>/<channelOrderId>`)
 * and applies what changed, as a poll does (status, address, notes, the lines of an open order).
 * An order of a channel that cannot be pulled (not a feed, deleted) is 422 `channel_not_pullable`;
 * a feed that fails is 422 `feed_fetch_failed`, one without the order 422 `feed_order_not_found`.
 */
export class SyncCommands {
  constructor(
    private readonly commands: OrderCommands,
    private readonly catalog: CatalogReads,
    private readonly feeds: FeedClient,
    private readonly feedSync: FeedSync,
  ) {}

  async sync(orgId: string, id: string): Promise<Order> {
    const order = await this.commands.get(orgId, id);
    const channel = await this.catalog.channel(orgId, order.channelId);
    if (!channel) throw notPullable(order.channelId, 'it is deleted');
    if (channel.platform !== 'HTTP_FEED' || !channel.feedUrl)
      throw notPullable(order.channelId, `a ${channel.platform} channel has no order feed`);
    let pulled;
    try {
      pulled = await this.feeds.order(this.feedSync.target(channel), order.channelOrderId);
    } catch (err) {
      if (!(err instanceof FeedError)) throw err;
      throw err.status === 404 ? notInFeed(order.channelOrderId) : feedFailed(err.message);
    }
    if (pulled.channelOrderId !== order.channelOrderId)
      throw feedFailed(`The feed answered order ${pulled.channelOrderId} for ${order.channelOrderId}`);
    await this.feedSync.apply({ ...channel, orgId }, [pulled]);
    return this.commands.get(orgId, id);
  }
}
