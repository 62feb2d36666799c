import { composeService, defineService, outboxRelay, type ServiceContext } from '@stockyard/service-kit';
import { configSchema, type Config } from './config';
import { documentsModule } from './documents.module';
import { orderHolds } from './peers/order-holds';
import { purchaseOrdersModule } from './purchase-orders.module';

function buildApp(ctx: ServiceContext<Config>) {
  const relay = outboxRelay(ctx);
  const purchaseOrders = purchaseOrdersModule(ctx, relay, orderHolds(ctx.config));
  const documents = documentsModule(ctx, purchaseOrders);
  return composeService(ctx, { service: 'purchasing', relay, modules: { purchaseOrders, documents } });
}

export const purchasing = defineService({ name: 'purchasing', configSchema, build: buildApp });
