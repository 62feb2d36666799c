import type { OutboxRelay, ServiceContext, ServiceModule } from '@stockyard/service-kit';
import { resolveHost } from '@stockyard/service-kit/net';
import { ChannelCommands } from './commands/channel-commands';
import { ChannelFeeds } from './commands/channel-feeds';
import type { Config } from './config';
import type { ChannelsGiven, ProductWrites } from './deps';
import { channelsInternalRoutes } from './http/channels-internal.routes';
import { channelsRoutes } from './http/channels.routes';
import { inventoryWarehouses } from './peers/inventory-warehouses';
import { channelModel } from './store/channel.model';
import { ChannelReads, channelStore } from './store/channel.repository';
import { listingModel } from './store/listing.model';
import { ListingReads, listingStore } from './store/listing.repository';

/**
 * The channels' listings: their documents and reads, built before the modules (the products,
 * sources and storefront modules read them too).
 */
export function channelListings({ connection }: ServiceContext<Config>) {
  const docs = listingModel(connection);
  return { docs, reads: new ListingReads(docs) };
}
type ChannelListings = ReturnType<typeof channelListings>;

/** Sales channels and their listings: the stores, commands and routes (partner and internal). */
export function channelsModule(
  { config, connection }: ServiceContext<Config>,
  relay: OutboxRelay,
  listings: ChannelListings,
  products: ProductWrites,
): ServiceModule<ChannelsGiven> {
  const urls = { allowlist: config.FEED_URL_ALLOWLIST, resolve: resolveHost };
  const docs = channelModel(connection);
  const store = channelStore(docs, relay);
  const channels = new ChannelReads(docs, store);
  const listingsStore = listingStore(listings.docs);
  const warehouses = inventoryWarehouses(config);
  const given = {
    channels: new ChannelCommands(store, channels, listingsStore, listings.reads, products.store, urls, warehouses),
    feeds: new ChannelFeeds(store, channels, listings.reads),
  };
  return {
    given,
    api: (router) => channelsRoutes(router, given),
    internal: (router) => channelsInternalRoutes(router, given),
  };
}
