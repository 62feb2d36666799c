import type { ImportOrder, InternalChannel, OrderChangeSource, OrderStatus } from '@stockyard/contracts';
import { AppError, newId, type Logger, type UniqueClaims } from '@stockyard/service-kit';
import { setTimeout as sleep } from 'node:timers/promises';
import { errors } from '../domain/errors';
import { applyChannelOrder } from '../domain/apply-channel-order';
import type { IncomingLine, IncomingOrder } from '../domain/incoming-order';
import { newOrder } from '../domain/new-order';
import type { Order } from '../domain/order';
import { channelInactive, unknownChannel, wrongChannelPlatform } from '../domain/order.errors';
import type { CatalogReads } from '../peers/catalog-reads';
import type { AvailableStock } from '../peers/inventory-reads';
import { ChannelOrderTaken, channelOrderKey, holderOf } from '../store/channel-order-claims';
import type { OrderStore } from '../store/order.repository';
import { linkLines } from './line-linking';

/**
 * How long an upsert waits for the order whose claim beat it to be written before it gives up
 * (503 contention): a create in flight takes a few ms, and more on a machine under load.
 */
const HOLDER_WAIT_MS = 5_000;

interface Origin {
  /** Who the first history entry names (`channel`, `storefront`). */
  source: OrderChangeSource;
  /** The status of a new order when the channel says none. */
  defaultStatus: OrderStatus;
  /** A note for a new order's first history entry. */
  note?: string | null;
}

interface Upserted {
  order: Order;
  created: boolean;
}

const busy = () =>
  errors.contention('The order is being created by another request; retry', undefined, {
    'Retry-After': '1',
  });

/**
 * How orders arrive: one upsert keyed on (channel, the channel's order id) for every channel
 * (an API push, a feed's order, a checkout). The first time it creates the order (`order.created`);
 * afterwards it applies what the channel sent (domain/apply-channel-order.ts). The order's claim
 * on its key (the store's unique value) decides a race: the loser applies to the winner's order.
 */
export class OrderImports {
  constructor(
    private readonly store: OrderStore,
    private readonly claims: UniqueClaims,
    private readonly catalog: CatalogReads,
    private readonly stock: AvailableStock,
    private readonly logger: Logger,
  ) {}

  /** The organization's live channel of that platform (422 unknown_channel, wrong_channel_platform, inactive). */
  async channelFor(orgId: string, channelId: string, platform: InternalChannel['platform']): Promise<InternalChannel> {
    const channel = await this.catalog.channel(orgId, channelId);
    if (!channel) throw unknownChannel(channelId);
    if (channel.platform !== platform) throw wrongChannelPlatform(channelId, channel.platform, platform);
    if (!channel.active) throw channelInactive(channelId);
    return channel;
  }

  /** POST /orders: an API channel's order, created (201) or applied again (200). */
  async push(orgId: string, body: ImportOrder): Promise<Upserted> {
    const channel = await this.channelFor(orgId, body.channelId, 'API');
    const { lines } = await linkLines(this.catalog, orgId, body.lines);
    const incoming: IncomingOrder = {
      channelOrderId: body.channelOrderId,
      status: body.status,
      channelStatus: body.status,
      orderedAt: body.orderedAt,
      currency: body.currency?.toUpperCase(),
      lines,
      shippingAddress: body.shippingAddress,
      notes: body.notes,
      customer: body.customer ? { name: null, email: null, phone: null, ...body.customer } : body.customer,
    };
    return this.upsert(orgId, channel, incoming, { source: 'channel', defaultStatus: 'PROCESSING' });
  }

  /** Creates the channel's order, or applies what it sent to the one there is. */
  async upsert(orgId: string, channel: InternalChannel, incoming: IncomingOrder, origin: Origin): Promise<Upserted> {
    const assemblyStock = await this.assemblyStock(orgId, incoming.lines);
    const key = channelOrderKey({ channelId: channel.id, channelOrderId: incoming.channelOrderId });
    for (const deadline = Date.now() + HOLDER_WAIT_MS; Date.now() < deadline;) {
      const { state, events } = newOrder({
        id: newId('ord'),
        orgId,
        channel,
        incoming,
        defaultStatus: origin.defaultStatus,
        source: origin.source,
        note: origin.note,
        lineId: () => newId('oln'),
        assemblyStock,
        now: new Date(),
      });
      try {
        return { order: await this.store.create(state, events), created: true };
      } catch (err) {
        if (!(err instanceof ChannelOrderTaken)) throw err;
      }
      const holder = await holderOf(this.claims, orgId, key);
      const applied = holder ? await this.applyTo(orgId, holder, incoming, assemblyStock) : undefined;
      if (applied) return { order: applied, created: false };
      await sleep(5 + Math.random() * 20); // the holder's create is still in flight
    }
    throw busy();
  }

  /** Applies the channel's order to ours; undefined while the holder's document is not there yet. */
  async applyTo(
    orgId: string,
    orderId: string,
    incoming: IncomingOrder,
    assemblyStock: Record<string, number>,
  ): Promise<Order | undefined> {
    const ctx = { now: new Date(), lineId: () => newId('oln'), assemblyStock };
    try {
      return (await this.store.change(orgId, orderId, (o) => applyChannelOrder(o, incoming, ctx))).state;
    } catch (err) {
      if (err instanceof AppError && err.code === 'resource_not_found') return undefined;
      throw err;
    }
  }

  /**
   * Available stock of the lines' ASSEMBLY variants (blocked on build). Inventory away does not
   * stop an order from arriving: its assemblies count as unavailable until inventory's next
   * availability event says otherwise.
   */
  async assemblyStock(orgId: string, lines: readonly IncomingLine[]): Promise<Record<string, number>> {
    const ids = [...new Set(lines.flatMap((l) => (l.productType === 'ASSEMBLY' && l.variantId ? [l.variantId] : [])))];
    if (ids.length === 0) return {};
    try {
      return await this.stock(orgId, ids);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'dependency_unavailable') throw err;
      this.logger.warn({ orgId, variantIds: ids }, 'inventory unavailable: assemblies counted as unavailable');
      return {};
    }
  }
}
