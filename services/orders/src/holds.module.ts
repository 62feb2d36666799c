import { subscription, type ServiceContext, type ServiceModule } from '@stockyard/service-kit';
import { FulfilCommands } from './commands/fulfil-commands';
import { HoldCommands } from './commands/hold-commands';
import { HoldLinks } from './commands/hold-links';
import { HoldQueries } from './commands/hold-queries';
import { HoldSweep } from './commands/hold-sweep';
import { HoldTopUps } from './commands/hold-top-ups';
import { KitCommands } from './commands/kit-commands';
import { ReresolveLines } from './commands/reresolve-lines';
import type { Config } from './config';
import type { HoldsGiven, HoldsTestHooks, OrderHolding, OrdersGiven } from './deps';
import { holdTopUpHandler, stockRose } from './events/handlers/hold-top-up.handler';
import { lineReceivedHandler } from './events/handlers/line-received.handler';
import { exportRowsRoutes } from './http/export-rows.routes';
import { holdsInternalRoutes } from './http/holds-internal.routes';
import { holdsRoutes } from './http/holds.routes';
import type { CatalogReads } from './peers/catalog-reads';
import { catalogSources } from './peers/catalog-sources';
import { purchaseDates } from './peers/purchase-dates';

/**
 * Stock holds (issue #29): a hold per order line reserved in inventory, kept in step with the
 * order by its writes' `order.holds_wanted` (the order store's projection: the holds' store,
 * moves and sync come from the orders module), moves finished by the sweep after a crash;
 * fulfilment, stale holds, allocation to sources.
 */
export function holdsModule(
  { config, logger }: ServiceContext<Config>,
  orders: OrdersGiven,
  { store, holdsStore, holds, moves, sync, fulfilment }: OrderHolding,
  catalog: CatalogReads,
): ServiceModule<HoldsGiven & HoldsTestHooks> {
  const sources = catalogSources(config);
  const sweep = new HoldSweep(holds, moves, { everyMs: config.HOLD_SWEEP_MS, stuckMs: config.HOLD_STUCK_MS }, logger);
  const given = {
    reads: new HoldQueries(orders.orders, holds, sources, purchaseDates(config, logger), moves.stock),
    commands: new HoldCommands(orders.orders, holdsStore, holds, moves, sources, fulfilment),
    fulfil: new FulfilCommands(store, orders.orders, holds, moves.refreshedByCaller(), fulfilment),
    kits: new KitCommands(orders.orders, holdsStore, holds, moves, sync, catalog, sources, fulfilment),
    reresolve: new ReresolveLines(store, orders.orders, catalog),
    links: new HoldLinks(holdsStore, holds),
    // What tests reach besides (HoldsTestHooks).
    sweep,
    moves,
    holdsStore,
  };
  const subscriptions = [
    subscription({
      queue: 'orders.po_receipts',
      events: ['purchase_order.line_received'],
      handler: lineReceivedHandler(holds, moves, logger),
    }),
    subscription({
      queue: 'orders.hold_top_ups',
      events: ['inventory.availability_changed'],
      relevant: stockRose,
      handler: holdTopUpHandler(new HoldTopUps(holds, moves, logger)),
    }),
  ];
  return {
    given,
    parts: [sweep],
    subscriptions,
    api: (router) => holdsRoutes(router, given),
    internal: (router) => {
      holdsInternalRoutes(router, given);
      // The service's one export route reads orders too (this module is built with their reads).
      exportRowsRoutes(router, orders, given);
    },
  };
}
