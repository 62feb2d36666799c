import { subscription, type OutboxRelay, type ServiceContext } from '@stockyard/service-kit';
import type { Router } from 'express';
import { CheckoutCommands } from './commands/checkout-commands';
import { OrderImports } from './commands/import-commands';
import { OrderCommands } from './commands/order-commands';
import { ShipmentCommands } from './commands/shipment-commands';
import type { Config } from './config';
import { SEARCH_TERMS_CHANGED } from './domain/order-search';
import { STATS_CHANGED } from './domain/order-stats';
import { availabilityChangedHandler } from './events/handlers/availability-changed.handler';
import { orderEditsRoutes } from './http/order-edits.routes';
import { ordersRoutes } from './http/orders.routes';
import { shipmentsRoutes } from './http/shipments.routes';
import { storefrontRoutes } from './http/storefront.routes';
import { catalogReads, type CatalogReads } from './peers/catalog-reads';
import { availableStock } from './peers/inventory-reads';
import { listedOnChannel } from './peers/channel-listings';
import { channelOrderClaims } from './store/channel-order-claims';
import { channelOrderClaimModel, orderModel } from './store/order.model';
import { orderRowModel } from './store/order-row.model';
import { HOLDS_WANTED, HoldsTrigger } from './store/holds-trigger';
import { OrderRows, ROW_CHANGED } from './store/order-rows';
import { OrderRepository } from './store/order.repository';
import { OrderStatsBuckets } from './store/order-stats.repository';
import { OrderTerms } from './store/order-terms';
import { shipmentModel } from './store/shipment.model';
import { SHIPMENT_RECORDED, ShipmentList } from './store/shipment-list';
import { StorefrontNumbers } from './store/storefront-numbers';

/** The orders' documents and their projections, built before the relay (it publishes from them and keeps them). */
export function ordersData({ connection, logger }: ServiceContext<Config>) {
  const model = orderModel(connection);
  const terms = new OrderTerms(connection);
  const shipmentList = new ShipmentList(shipmentModel(connection));
  const stats = new OrderStatsBuckets(connection);
  const rows = new OrderRows(orderRowModel(connection), model);
  const holdsTrigger = new HoldsTrigger(logger);
  return {
    model,
    terms,
    shipmentList,
    stats,
    rows,
    holdsTrigger,
    outbox: [model],
    local: {
      [SEARCH_TERMS_CHANGED]: terms.projection.handler,
      [SHIPMENT_RECORDED]: shipmentList.projection.handler,
      [ROW_CHANGED]: rows.handler,
      [HOLDS_WANTED]: holdsTrigger.handler,
      [STATS_CHANGED]: (event: Parameters<OrderStatsBuckets['apply']>[0]) => stats.apply(event),
    },
  };
}
export type OrdersData = ReturnType<typeof ordersData>;

/**
 * Sales orders: their store, the peers they read (the catalog's channels and variants,
 * inventory's assembly stock), the upsert every channel goes through, commands, routes
 * (partner and storefront) and the availability consumer (blocked on build).
 */
export function ordersModule(
  { connection, config, logger }: ServiceContext<Config>,
  relay: OutboxRelay,
  data: OrdersData,
  catalog: CatalogReads = catalogReads(config),
) {
  const claims = channelOrderClaims(channelOrderClaimModel(connection), data.model);
  const orders = new OrderRepository(
    data.model,
    relay,
    data.terms,
    data.shipmentList,
    data.rows,
    claims,
    data.holdsTrigger,
  );
  const imports = new OrderImports(orders, catalog, availableStock(config), logger);
  const given = {
    orders,
    imports,
    catalog,
    commands: new OrderCommands(orders),
    shipments: new ShipmentCommands(orders, data.shipmentList),
    shipmentList: data.shipmentList,
    stats: data.stats,
    checkout: new CheckoutCommands(imports, catalog, new StorefrontNumbers(connection), listedOnChannel(config)),
  };
  return {
    given,
    parts: [],
    subscriptions: [
      subscription({
        queue: 'orders.availability',
        events: ['inventory.availability_changed'],
        handler: availabilityChangedHandler(orders),
      }),
    ],
    mount: (router: Router) => {
      ordersRoutes(router, given);
      orderEditsRoutes(router, given);
      shipmentsRoutes(router, given);
      storefrontRoutes(router, given);
    },
  };
}
/** What the orders' routes are given: commands and reads. */
export type OrdersGiven = ReturnType<typeof ordersModule>['given'];
