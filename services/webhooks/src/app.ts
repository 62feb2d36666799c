import { assemble, defineService, serviceApp, type ServiceContext } from '@stockyard/service-kit';
import { configSchema, type Config } from './config';
import { deliveriesData, deliveriesModule } from './deliveries.module';
import type { WebhooksDeps } from './deps';
import { endpointsModule } from './endpoints.module';

function buildApp(ctx: ServiceContext<Config>) {
  // The deliveries' stores first: an endpoint disabled or deleted closes or deletes its deliveries.
  const data = deliveriesData(ctx);
  const endpoints = endpointsModule(ctx, data.deliveries);
  const deliveries = deliveriesModule(ctx, data, endpoints);
  const deps: WebhooksDeps = { endpoints: endpoints.given, deliveries: deliveries.given };
  const app = serviceApp(ctx, {
    service: 'webhooks',
    api: (router) => [endpoints, deliveries].forEach((module) => module.mount(router)),
  });
  const parts = [...endpoints.parts, ...deliveries.parts];
  return assemble(ctx, { app, deps, subscriptions: deliveries.subscriptions, parts });
}

export const webhooks = defineService({ name: 'webhooks', configSchema, build: buildApp });
