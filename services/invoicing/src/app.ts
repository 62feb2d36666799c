import { assemble, defineService, outboxRelay, serviceApp, type ServiceContext } from '@stockyard/service-kit';
import { configSchema, type Config } from './config';
import type { InvoicingDeps } from './deps';
import { invoicesModule } from './invoices.module';
import { landedCostsModule } from './landed-costs.module';
import { invoicePeers } from './peers';

function buildApp(ctx: ServiceContext<Config>) {
  const relay = outboxRelay(ctx);
  const peers = invoicePeers(ctx.config);
  const invoices = invoicesModule(ctx, relay, peers);
  const landedCosts = landedCostsModule(ctx, invoices.given, peers);
  const deps: InvoicingDeps = { invoices: invoices.given, landedCosts: landedCosts.given };
  const app = serviceApp(ctx, {
    service: 'invoicing',
    api: (router) => {
      invoices.mount(router);
      landedCosts.mount(router);
    },
  });
  return assemble(ctx, { app, deps, relay, subscriptions: invoices.subscriptions });
}

export const invoicing = defineService({ name: 'invoicing', configSchema, build: buildApp });
