import { composeService, defineService, outboxRelay, type ServiceContext } from '@stockyard/service-kit';
import { auditModule } from './audit.module';
import { configSchema, type Config } from './config';
import { deliveriesData, deliveriesModule } from './deliveries.module';
import { endpointsModule } from './endpoints.module';

function buildApp(ctx: ServiceContext<Config>) {
  // The endpoints' changes and the routes' refusals leave through it, as audit records.
  const relay = outboxRelay(ctx);
  // The deliveries' store and commands first: an endpoint disabled or deleted closes or deletes its deliveries.
  const data = deliveriesData(ctx);
  const endpoints = endpointsModule(ctx, relay, data.ofEndpoints);
  const deliveries = deliveriesModule(ctx, data, endpoints);
  const audit = auditModule(ctx);
  return composeService(ctx, { service: 'webhooks', relay, modules: { endpoints, deliveries, audit } });
}

export const webhooks = defineService({ name: 'webhooks', configSchema, build: buildApp });
