import { composeService, defineService, outboxRelay, type ServiceContext } from '@stockyard/service-kit';
import { auditModule } from './audit.module';
import { configSchema, type Config } from './config';
import { deliveriesModule } from './deliveries.module';
import { endpointsModule } from './endpoints.module';
import { exportsModule } from './exports.module';

function buildApp(ctx: ServiceContext<Config>) {
  // The endpoints' and exports' changes, the routes' refusals and `export.completed` leave through it.
  const relay = outboxRelay(ctx);
  // Deliveries are sent with the endpoints' reads and secrets; an endpoint disabled or deleted closes
  // or deletes its deliveries, which it reaches when that work runs.
  const endpoints = endpointsModule(ctx, relay, () => deliveries.ofEndpoints);
  const deliveries = deliveriesModule(ctx, endpoints);
  const audit = auditModule(ctx);
  // Exports read the trail through the audit module's reads (every other resource from its owner).
  const exports = exportsModule(ctx, relay, audit.given.reads);
  return composeService(ctx, { service: 'webhooks', relay, modules: { endpoints, deliveries, audit, exports } });
}

export const webhooks = defineService({ name: 'webhooks', configSchema, build: buildApp });
