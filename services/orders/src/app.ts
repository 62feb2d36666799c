import { composeService, defineService, outboxRelay, type ServiceContext } from '@stockyard/service-kit';
import { configSchema, type Config } from './config';
import { feedsModule } from './feeds.module';
import { holdsModule } from './holds.module';
import { ordersModule } from './orders.module';
import { catalogReads } from './peers/catalog-reads';

function buildApp(ctx: ServiceContext<Config>) {
  const relay = outboxRelay(ctx);
  // The catalog's channels and variants: each module checks what it takes against them.
  const catalog = catalogReads(ctx.config);
  const orders = ordersModule(ctx, relay, catalog);
  const feeds = feedsModule(ctx, orders.given, catalog);
  const holds = holdsModule(ctx, orders.given, orders.holding, catalog);
  // Holds before orders: `/orders/pending-reservations` is not an order id.
  return composeService(ctx, { service: 'orders', relay, modules: { holds, orders, feeds } });
}

export const orders = defineService({ name: 'orders', configSchema, build: buildApp });
