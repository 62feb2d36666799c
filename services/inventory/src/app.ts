import { composeService, defineService, outboxRelay, type ServiceContext } from '@stockyard/service-kit';
import { configSchema, type Config } from './config';
import { catalogSuppliers } from './peers/catalog-suppliers';
import { purchasingOnOrder } from './peers/purchasing-on-order';
import { placesData, placesModule } from './places.module';
import { reportsModule } from './reports.module';
import { settingsData, settingsModule } from './settings.module';
import { stockModule } from './stock.module';
import { variantsModule } from './variants.module';

function buildApp(ctx: ServiceContext<Config>) {
  // Each store adds its documents and its projections' events to the relay.
  const relay = outboxRelay(ctx);
  // Stock checks places and variants and costs in the organization's method: their stores first.
  const placeStores = placesData(ctx, relay);
  const settingsStores = settingsData(ctx, relay);
  const variants = variantsModule(ctx);
  const stock = stockModule(ctx, relay, {
    places: placeStores,
    variants: variants.reads,
    check: variants.given.check,
    settings: settingsStores.reads,
  });
  const places = placesModule(ctx, placeStores, stock.forPlaces);
  const settings = settingsModule(settingsStores, stock.forReports);
  const reports = reportsModule({
    stock: stock.forReports,
    warehouses: placeStores.warehouseReads,
    variants: variants.reads,
    settings: settingsStores.reads,
    suppliers: catalogSuppliers(ctx.config),
    onOrder: purchasingOnOrder(ctx.config),
  });
  return composeService(ctx, { service: 'inventory', relay, modules: { places, stock, variants, settings, reports } });
}

export const inventory = defineService({ name: 'inventory', configSchema, build: buildApp });
