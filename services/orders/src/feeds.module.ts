import type { ServiceContext, ServiceModule } from '@stockyard/service-kit';
import { resolveHost } from '@stockyard/service-kit/net';
import { SyncCommands } from './commands/sync-commands';
import type { Config } from './config';
import type { FeedsGiven, FeedsTestHooks, OrdersGiven } from './deps';
import { FeedClient } from './feeds/feed-client';
import { FeedPoller, processOwner } from './feeds/feed-poller';
import { FeedSync } from './feeds/feed-sync';
import { syncRoutes } from './http/sync.routes';
import type { CatalogReads } from './peers/catalog-reads';
import { feedStateStore } from './store/feed-state.store';

/**
 * Platform sync: HTTP_FEED channels polled on a schedule (one poller per channel across
 * replicas, back-off per channel, the outcome kept on the channel in the catalog), and
 * POST /orders/{id}/sync, which re-pulls one order. Orders arrive through the orders module's upsert.
 */
export function feedsModule(
  { connection, config, logger }: ServiceContext<Config>,
  orders: OrdersGiven,
  catalog: CatalogReads,
): ServiceModule<FeedsGiven & FeedsTestHooks> {
  const feeds = new FeedClient(
    { allowlist: config.FEED_URL_ALLOWLIST, resolve: resolveHost },
    config.FEED_FETCH_TIMEOUT_MS,
  );
  const settings = {
    leaseMs: config.FEED_LEASE_MS,
    maxPages: config.FEED_MAX_PAGES,
    baseMs: config.FEED_BACKOFF_MS,
    maxMs: config.FEED_BACKOFF_MAX_MS,
  };
  const states = feedStateStore(connection);
  const sync = new FeedSync(states, feeds, orders.imports, catalog, settings, logger, processOwner());
  const poller = new FeedPoller(sync, config, logger);
  const given = { sync: new SyncCommands(orders.commands, catalog, feeds, sync), poller };
  return { given, parts: [poller], api: (router) => syncRoutes(router, given) };
}
