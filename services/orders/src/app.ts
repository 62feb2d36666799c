import { assemble, defineService, outboxRelay, serviceApp, type ServiceContext } from '@stockyard/service-kit';
import { configSchema, type Config } from './config';
import type { OrdersDeps } from './deps';
import { ordersData, ordersModule } from './orders.module';

export function buildApp(ctx: ServiceContext<Config>) {
  // The orders' documents first: the relay publishes from them and keeps their projections.
  const data = ordersData(ctx);
  const relay = outboxRelay(ctx, data.outbox, data.local);
  const orders = ordersModule(ctx, relay, data);
  const deps: OrdersDeps = { orders: orders.given };
  // The holds' rows (the reservations issue's) stay unbound: 501.
  const app = serviceApp(ctx, { service: 'orders', api: (router) => orders.mount(router) });
  return assemble(ctx, { app, deps, relay, subscriptions: orders.subscriptions, parts: orders.parts });
}

export const orders = defineService({ name: 'orders', configSchema, build: buildApp });
