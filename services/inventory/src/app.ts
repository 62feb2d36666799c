import { assemble, defineService, outboxRelay, serviceApp, type ServiceContext } from '@stockyard/service-kit';
import { configSchema, type Config } from './config';
import type { InventoryDeps } from './deps';
import { placesData, placesModule } from './places.module';
import { stockModule } from './stock.module';
import { variantsModule } from './variants.module';

function buildApp(ctx: ServiceContext<Config>) {
  // Each store adds its documents and its projections' events to the relay.
  const relay = outboxRelay(ctx);
  // Stock checks places and variants; a place's commands move and read stock: the places' stores first.
  const placeStores = placesData(ctx);
  const variants = variantsModule(ctx);
  const stock = stockModule(ctx, relay, { places: placeStores, variants });
  const places = placesModule(ctx, placeStores, stock.forPlaces);
  const deps: InventoryDeps = { places: places.commands, stock: stock.commands };
  const app = serviceApp(ctx, {
    service: 'inventory',
    api: (router) => [places, stock].forEach((module) => module.mount(router)),
    internal: (router) => [stock, places].forEach((module) => module.mountInternal(router)),
  });
  const subscriptions = [...stock.subscriptions, ...variants.subscriptions];
  return assemble(ctx, {
    app,
    deps,
    relay,
    subscriptions,
    parts: [...places.parts, ...stock.parts, ...variants.parts],
  });
}

export const inventory = defineService({ name: 'inventory', configSchema, build: buildApp });
