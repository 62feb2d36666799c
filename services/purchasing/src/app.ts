import { assemble, defineService, outboxRelay, serviceApp, type ServiceContext } from '@stockyard/service-kit';
import { configSchema, type Config } from './config';
import type { PurchasingDeps } from './deps';
import { documentsModule } from './documents.module';
import { orderHolds } from './peers/order-holds';
import { purchaseOrdersModule } from './purchase-orders.module';

function buildApp(ctx: ServiceContext<Config>) {
  const relay = outboxRelay(ctx);
  const purchaseOrders = purchaseOrdersModule(ctx, relay, orderHolds(ctx.config));
  const documents = documentsModule(ctx, purchaseOrders.given);
  const deps: PurchasingDeps = { purchaseOrders: purchaseOrders.given, documents: documents.given };
  const app = serviceApp(ctx, {
    service: 'purchasing',
    api: (router) => {
      purchaseOrders.mount(router);
      documents.mount(router);
    },
    internal: (router) => purchaseOrders.mountInternal(router),
  });
  const { subscriptions } = purchaseOrders;
  const parts = [...purchaseOrders.parts, ...documents.parts];
  return assemble(ctx, { app, deps, relay, subscriptions, parts });
}

export const purchasing = defineService({ name: 'purchasing', configSchema, build: buildApp });
