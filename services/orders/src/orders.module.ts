import { subscription, type OutboxRelay, type ServiceContext, type ServiceModule } from '@stockyard/service-kit';
import { CheckoutCommands } from './commands/checkout-commands';
import { FulfilmentRefresh } from './commands/fulfilment-refresh';
import { HoldMoves } from './commands/hold-moves';
import { HoldSync } from './commands/hold-sync';
import { OrderImports } from './commands/import-commands';
import { OrderCommands } from './commands/order-commands';
import { ShipmentCommands } from './commands/shipment-commands';
import type { Config } from './config';
import type { OrderHolding, OrdersGiven } from './deps';
import { assemblyHeld, availabilityChangedHandler } from './events/handlers/availability-changed.handler';
import { orderEditsRoutes } from './http/order-edits.routes';
import { ordersRoutes } from './http/orders.routes';
import { shipmentsRoutes } from './http/shipments.routes';
import { storefrontRoutes } from './http/storefront.routes';
import type { CatalogReads } from './peers/catalog-reads';
import { availableStock } from './peers/inventory-reads';
import { listedOnChannel } from './peers/channel-listings';
import { stockMoves } from './peers/stock-moves';
import { channelOrderClaims } from './store/channel-order-claims';
import { holdModel } from './store/hold.model';
import { HoldReads, holdStore } from './store/hold.repository';
import { HoldsTrigger } from './store/holds-trigger';
import { channelOrderClaimModel, orderModel } from './store/order.model';
import { orderRowModel } from './store/order-row.model';
import { orderRows } from './store/order-rows';
import { orderLists, OrderReads, orderStore } from './store/order.repository';
import { OrderStatsBuckets } from './store/order-stats.repository';
import { orderTerms } from './store/order-terms';
import { shipmentModel } from './store/shipment.model';
import { ShipmentList } from './store/shipment-list';
import { storefrontNumbers } from './store/storefront-numbers';

/**
 * Sales orders: their store with its projections (terms, list rows, shipments, stats, and the
 * holds each write brings in step, whose store, moves and sync are built here for it, with the
 * refresh that shows their fulfilment on the orders), the peers
 * they read (the catalog's channels and variants, wired in app.ts; inventory's assembly stock), the upsert every
 * channel goes through, commands, routes (partner and storefront) and the availability consumer.
 */
export function ordersModule(
  { connection, config, logger }: ServiceContext<Config>,
  relay: OutboxRelay,
  catalog: CatalogReads,
): ServiceModule<OrdersGiven> & { holding: OrderHolding } {
  const model = orderModel(connection);
  const terms = orderTerms(connection);
  const rowModel = orderRowModel(connection);
  const reads = new OrderReads(model, rowModel, terms);
  const lists = orderLists(rowModel, terms);
  const holdDocs = holdModel(connection);
  const holdsStore = holdStore(holdDocs, relay);
  const holds = new HoldReads(holdDocs, holdsStore);
  const fulfilment = new FulfilmentRefresh(reads, holds, logger);
  const moves = new HoldMoves(holdsStore, holds, stockMoves(config), logger, fulfilment);
  const sync = new HoldSync(reads, holdsStore, holds, moves, catalog, logger, fulfilment);
  const shipmentList = new ShipmentList(shipmentModel(connection));
  const stats = new OrderStatsBuckets(connection);
  const claims = channelOrderClaims(channelOrderClaimModel(connection), model);
  const store = orderStore(model, relay, claims, {
    terms,
    rows: orderRows(rowModel, model),
    shipments: shipmentList,
    stats,
    holds: new HoldsTrigger(sync, logger),
  });
  fulfilment.writesThrough(store);
  const imports = new OrderImports(store, claims, catalog, availableStock(config), logger);
  const given = {
    commands: new OrderCommands(store, reads),
    imports,
    orders: reads,
    lists,
    stats,
    shipments: new ShipmentCommands(store, shipmentList),
    checkout: new CheckoutCommands(imports, catalog, storefrontNumbers(connection), listedOnChannel(config)),
  };
  const availability = subscription({
    queue: 'orders.availability',
    events: ['inventory.availability_changed'],
    relevant: assemblyHeld(reads),
    handler: availabilityChangedHandler(store, reads),
  });
  return {
    given,
    /** What the holds module builds on: the orders' store, the holds' store and reads, moves, sync, fulfilment. */
    holding: { store, holdsStore, holds, moves, sync, fulfilment },
    subscriptions: [availability],
    api: (router) => {
      ordersRoutes(router, given);
      orderEditsRoutes(router, given);
      shipmentsRoutes(router, given);
      storefrontRoutes(router, given);
    },
  };
}
