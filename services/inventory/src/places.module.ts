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

/** What the places module gives the other modules: the reads every stock change checks its place with. */
interface PlaceReads {
  warehouseReads: WarehouseRepository;
  binReads: BinRepository;
}

/**
 * Warehouses and bins: their stores, reads, commands and routes (partner and internal). The stock
 * module is built after this one (every stock change checks its place, from caches every replica
 * keeps in step over the broker), so the two things places ask of stock (a warehouse's levels
 * before deleting it, clearing a bin's) reach it through `stock()` when a request runs. Its parts:
 * the adoption of warehouses written before code claims (started first), then the place caches.
 */
export function placesModule(
  { connection, broker, logger }: ServiceContext<Config>,
  relay: OutboxRelay,
  stock: () => StockForPlaces,
): ServiceModule<PlacesGiven> & { reads: PlaceReads } {
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
  const levels = { inWarehouse: (orgId: string, id: string) => stock().stock.inWarehouse(orgId, id) };
  const clearing = { clearBin: (orgId: string, binId: string) => stock().commands.clearBin(orgId, binId) };
  const given = {
    warehouses: new WarehouseCommands(warehouses, warehouseReads, codes, levels),
    bins: new BinCommands(bins, binReads, warehouseReads, clearing),
  };
  const adoption = new LegacyAdoption(connection, warehouseDocs, codes);
  return {
    given,
    reads: { warehouseReads, binReads },
    parts: [adoption, caches.warehouses, caches.bins],
    api: (router) => warehousesRoutes(router, given),
    internal: (router) => warehousesInternalRoutes(router, given),
  };
}
