import type { Router } from 'express';
import { resolveHost, type OutboxRelay, type ServiceContext } from '@stockyard/service-kit';
import { ChannelCommands } from './commands/channel-commands';
import { ChannelFeeds } from './commands/channel-feeds';
import type { Config } from './config';
import { channelsInternalRoutes } from './http/channels-internal.routes';
import { channelsRoutes } from './http/channels.routes';
import { inventoryWarehouses } from './peers/inventory-warehouses';
import { channelModel } from './store/channel.model';
import { ChannelStore } from './store/channel.store';
import { listingModel } from './store/listing.model';
import { ListingRepository } from './store/listing.repository';
import type { ProductWrites } from './products.module';

/**
 * The channels' documents and their listings, built before the relay (it publishes from the
 * channels) and before the products and sources modules (which read and write listings).
 */
export function channelsData({ connection }: ServiceContext<Config>) {
  const docs = channelModel(connection);
  const listingDocs = listingModel(connection);
  return { docs, listingDocs, listings: new ListingRepository(listingDocs), outbox: [docs] };
}
export type ChannelsData = ReturnType<typeof channelsData>;

/** Sales channels and their listings: the store, commands and routes (partner and internal). */
export function channelsModule(
  { config }: ServiceContext<Config>,
  relay: OutboxRelay,
  data: ChannelsData,
  products: ProductWrites,
) {
  const urls = { allowlist: config.FEED_URL_ALLOWLIST, resolve: resolveHost };
  const store = new ChannelStore(data.docs, relay);
  const commands = {
    channels: new ChannelCommands(store, data.listings, products.writer.store, urls, inventoryWarehouses(config)),
    /** The orders service's reads: listed variants (checkout), every organization's feeds, the poller's reports. */
    feeds: new ChannelFeeds(data.docs, store, data.listingDocs),
  };
  return {
    commands,
    mount: (router: Router) => channelsRoutes(router, commands),
    mountInternal: (router: Router) => channelsInternalRoutes(router, commands),
  };
}
/** What the channels' routes are given: commands only. */
export type ChannelsCommands = ReturnType<typeof channelsModule>['commands'];
