import { assemble, defineService, outboxRelay, serviceApp, type ServiceContext } from '@stockyard/service-kit';
import { configSchema, type Config } from './config';
import type { PurchasingDeps } from './deps';
import { purchaseOrdersData, purchaseOrdersModule } from './purchase-orders.module';

export function buildApp(ctx: ServiceContext<Config>) {
  // The orders' documents first: the relay publishes from them and keeps their term index.
  const data = purchaseOrdersData(ctx);
  const relay = outboxRelay(ctx, data.outbox, data.local);
  const purchaseOrders = purchaseOrdersModule(ctx, relay, data);
  const deps: PurchasingDeps = { purchaseOrders: purchaseOrders.given };
  const app = serviceApp(ctx, {
    service: 'purchasing',
    api: (router) => purchaseOrders.mount(router),
    internal: (router) => purchaseOrders.mountInternal(router),
  });
  const { subscriptions, parts } = purchaseOrders;
  return assemble(ctx, { app, deps, relay, subscriptions, parts });
}

export const purchasing = defineService({ name: 'purchasing', configSchema, build: buildApp });
