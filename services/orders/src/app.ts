import { assemble, defineService, outboxRelay, serviceApp, type ServiceContext } from '@stockyard/service-kit';
import { configSchema, type Config } from './config';
import type { OrdersDeps } from './deps';
import { feedsModule } from './feeds.module';
import { holdsModule } from './holds.module';
import { ordersModule } from './orders.module';

function buildApp(ctx: ServiceContext<Config>) {
  const relay = outboxRelay(ctx);
  const orders = ordersModule(ctx, relay);
  const feeds = feedsModule(ctx, orders.given);
  const holds = holdsModule(ctx, orders.given, orders.holding);
  const deps: OrdersDeps = { orders: orders.given, feeds: feeds.given, holds: holds.given };
  const app = serviceApp(ctx, {
    service: 'orders',
    api: (router) => {
      // Before the orders' routes: `/orders/pending-reservations` is not an order id.
      holds.mount(router);
      orders.mount(router);
      feeds.mount(router);
    },
    internal: (router) => holds.mountInternal(router),
  });
  const parts = [...orders.parts, ...feeds.parts, ...holds.parts];
  return assemble(ctx, { app, deps, relay, subscriptions: [...orders.subscriptions, ...holds.subscriptions], parts });
}

export const orders = defineService({ name: 'orders', configSchema, build: buildApp });
