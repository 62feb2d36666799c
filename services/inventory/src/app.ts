import { composeService, defineService, outboxRelay, type ServiceContext } from '@stockyard/service-kit';
import { configSchema, type Config } from './config';
import { catalogSuppliers } from './peers/catalog-suppliers';
import { purchasingOnOrder } from './peers/purchasing-on-order';
import { placesModule } from './places.module';
import { reportsModule } from './reports.module';
import { settingsModule } from './settings.module';
import { stockModule } from './stock.module';
import { variantsModule } from './variants.module';

function buildApp(ctx: ServiceContext<Config>) {
  // Each store adds its documents and its projections' events to the relay.
  const relay = outboxRelay(ctx);
  // Stock checks places and variants and costs in the organization's method: those modules first;
  // what places and settings ask of stock reaches it when a request runs.
  const places = placesModule(ctx, relay, () => stock.forPlaces);
  const settings = settingsModule(ctx, relay, () => stock.forReports);
  const variants = variantsModule(ctx);
  const stock = stockModule(ctx, relay, {
    places: places.reads,
    variants: variants.reads,
    check: variants.given.check,
    settings: settings.reads,
  });
  const reports = reportsModule(ctx, {
    stock: stock.forReports,
    warehouses: places.reads.warehouseReads,
    variants: variants.reads,
    groupings: variants.groupings,
    settings: settings.reads,
    suppliers: catalogSuppliers(ctx.config),
    onOrder: purchasingOnOrder(ctx.config),
  });
  return composeService(ctx, { service: 'inventory', relay, modules: { places, stock, variants, settings, reports } });
}

export const inventory = defineService({ name: 'inventory', configSchema, build: buildApp });
