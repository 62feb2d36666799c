import { assemble, defineService, outboxRelay, serviceApp, type ServiceContext } from '@stockyard/service-kit';
import { configSchema, type Config } from './config';
import type { InventoryDeps } from './deps';
import { placesData, placesModule } from './places.module';
import { stockData, stockModule } from './stock.module';
import { variantsModule } from './variants.module';

export function buildApp(ctx: ServiceContext<Config>) {
  // The stock's documents first: the relay publishes from them and writes the ledger's rows.
  const data = { stock: stockData(ctx), places: placesData(ctx) };
  const relay = outboxRelay(ctx, data.stock.outbox, data.stock.local);
  // Stock checks places and variants; a place's commands move and read stock.
  const variants = variantsModule(ctx);
  const stock = stockModule(ctx, relay, data.stock, { places: data.places, variants });
  const places = placesModule(ctx, data.places, stock.forPlaces);
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
