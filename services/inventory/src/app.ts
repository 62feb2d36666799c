import { composeService, defineService, outboxRelay, type ServiceContext } from '@stockyard/service-kit';
import { configSchema, type Config } from './config';
import { placesData, placesModule } from './places.module';
import { stockModule } from './stock.module';
import { variantsModule } from './variants.module';

function buildApp(ctx: ServiceContext<Config>) {
  // Each store adds its documents and its projections' events to the relay.
  const relay = outboxRelay(ctx);
  // Stock checks places and variants; a place's commands move and read stock: the places' stores first.
  const placeStores = placesData(ctx);
  const variants = variantsModule(ctx);
  const stock = stockModule(ctx, relay, { places: placeStores, variants: variants.reads, check: variants.given.check });
  const places = placesModule(ctx, placeStores, stock.forPlaces);
  return composeService(ctx, { service: 'inventory', relay, modules: { places, stock, variants } });
}

export const inventory = defineService({ name: 'inventory', configSchema, build: buildApp });
