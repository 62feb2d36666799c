import { composeService, defineService, outboxRelay, type ServiceContext } from '@stockyard/service-kit';
import { configSchema, type Config } from './config';
import { invoicesModule } from './invoices.module';
import { landedCostsModule } from './landed-costs.module';
import { invoicePeers } from './peers';

function buildApp(ctx: ServiceContext<Config>) {
  const relay = outboxRelay(ctx);
  const peers = invoicePeers(ctx.config);
  const invoices = invoicesModule(ctx, relay, peers);
  const landedCosts = landedCostsModule(ctx, relay, invoices.given, peers);
  return composeService(ctx, { service: 'invoicing', relay, modules: { invoices, landedCosts } });
}

export const invoicing = defineService({ name: 'invoicing', configSchema, build: buildApp });
