import { BroadcastCache, type OutboxRelay, type ServiceContext, type ServiceModule } from '@stockyard/service-kit';
import { BinCommands } from './commands/bin-commands';
import { WarehouseCommands } from './commands/warehouse-commands';
import type { Config } from './config';
import type { PlacesGiven, StockForPlaces } from './deps';
import type { BinState } from './domain/bin';
import type { WarehouseState } from './domain/warehouse';
import { warehousesInternalRoutes } from './http/warehouses-internal.routes';
import { warehousesRoutes } from './http/warehouses.routes';
import { BinRepository, binStore } from './store/bin.repository';
import { LegacyAdoption } from './store/legacy-adoption';
import { WarehouseCodeClaims } from './store/warehouse-code-claims';
import { binModel, codeClaimModel, warehouseModel } from './store/warehouse.model';
import { WarehouseRepository, warehouseStore } from './store/warehouse.repository';

/**
 * Warehouses and bins: their stores and reads, built before the stock module (every stock
 * change checks its place, from caches every replica keeps in step over the broker).
 */
export function placesData({ connection, broker, logger }: ServiceContext<Config>, relay: OutboxRelay) {
  const caches = {
    warehouses: new BroadcastCache<WarehouseState>(broker, 'inventory.warehouses', logger),
    bins: new BroadcastCache<BinState>(broker, 'inventory.bins', logger),
  };
  const warehouseDocs = warehouseModel(connection);
  const warehouses = warehouseStore(warehouseDocs, caches, relay);
  const bins = binStore(binModel(connection), relay);
  const binReads = new BinRepository(bins, caches.bins);
  const warehouseReads = new WarehouseRepository(warehouses, binReads, caches);
  const codes = new WarehouseCodeClaims(codeClaimModel(connection), warehouseDocs);
  return { caches, warehouseDocs, warehouses, bins, binReads, warehouseReads, codes };
}
type PlacesData = ReturnType<typeof placesData>;

/**
 * The places' commands and routes (partner and internal). Its parts: the adoption of warehouses
 * written before code claims (started first), then the place caches.
 */
export function placesModule(
  { connection }: ServiceContext<Config>,
  data: PlacesData,
  stock: StockForPlaces,
): ServiceModule<PlacesGiven> {
  const { warehouses, warehouseReads, bins, binReads, codes } = data;
  const given = {
    warehouses: new WarehouseCommands(warehouses, warehouseReads, codes, stock.stock),
    bins: new BinCommands(bins, binReads, warehouseReads, stock.commands),
  };
  const adoption = new LegacyAdoption(connection, data.warehouseDocs, codes);
  return {
    given,
    parts: [adoption, data.caches.warehouses, data.caches.bins],
    api: (router) => warehousesRoutes(router, given),
    internal: (router) => warehousesInternalRoutes(router, given),
  };
}
