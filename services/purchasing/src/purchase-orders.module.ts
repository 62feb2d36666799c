import { subscription, type OutboxRelay, type ServiceContext, type ServiceModule } from '@stockyard/service-kit';
import { ListRowsBackfill } from '@stockyard/service-kit/store';
import { HoldCommands } from './commands/hold-commands';
import { PurchaseOrderCommands } from './commands/purchase-order-commands';
import { ReceiptSweep } from './commands/receipt-sweep';
import { ReceiveCommands } from './commands/receive-commands';
import { RequirementCommands } from './commands/requirements-commands';
import type { Config } from './config';
import type { PurchaseOrdersGiven } from './deps';
import { invoiceEventsHandler } from './events/handlers/invoice-events.handler';
import { exportRowsRoutes } from './http/export-rows.routes';
import { internalRoutes } from './http/internal.routes';
import { linesRoutes } from './http/lines.routes';
import { purchaseOrdersRoutes } from './http/purchase-orders.routes';
import { requirementsRoutes } from './http/requirements.routes';
import { catalogReads } from './peers/catalog-reads';
import { inventoryPeer } from './peers/inventory-stock';
import { requirementReads } from './peers/requirement-reads';
import type { HoldLookup } from './ports';
import { HoldLinkTells } from './store/hold-link-tells';
import { orderNumberClaims, orderNumbers } from './store/order-numbers';
import { numberClaimModel, numberSequenceModel, purchaseOrderModel } from './store/purchase-order.model';
import {
  purchaseOrderLists,
  PurchaseOrderReads,
  purchaseOrderStore,
  type PurchaseOrderStore,
} from './store/purchase-order.repository';
import { purchaseOrderRowModel } from './store/purchase-order-row.model';
import { purchaseOrderRows } from './store/purchase-order-rows';
import { purchaseOrderTerms } from './store/purchase-order-terms';
import { purchasingPasses } from './store/purchasing-passes';

/**
 * Purchase orders: their store (numbers claimed; terms and list rows kept, and orders told of hold
 * links, with every write), order numbers, the peers they check (catalog, inventory, the holds port), commands,
 * routes (partner and internal), the receipt sweep and the invoice consumer.
 */
export function purchaseOrdersModule(
  { connection, config, logger }: ServiceContext<Config>,
  relay: OutboxRelay,
  holdLookup: HoldLookup,
): ServiceModule<PurchaseOrdersGiven> & { store: PurchaseOrderStore } {
  const model = purchaseOrderModel(connection);
  const terms = purchaseOrderTerms(connection);
  const claims = orderNumberClaims(numberClaimModel(connection), model);
  const tells = new HoldLinkTells(holdLookup, logger);
  const rowModel = purchaseOrderRowModel(connection);
  const rows = purchaseOrderRows(rowModel, model);
  const store = purchaseOrderStore(model, relay, { terms, rows, tells }, claims);
  const orders = new PurchaseOrderReads(model, store, terms);
  const lists = purchaseOrderLists(rowModel, terms);
  const numbers = orderNumbers(numberSequenceModel(connection));
  const inventory = inventoryPeer(config);
  const commands = new PurchaseOrderCommands(store, orders, numbers, catalogReads(config), inventory);
  const receiving = new ReceiveCommands(store, orders, inventory);
  const holds = new HoldCommands(store, commands, holdLookup);
  // Orders from reorder requirements.
  const requirements = new RequirementCommands(store, orders, numbers, requirementReads(config), inventory);
  const given = { commands, receiving, orders, lists, holds, requirements };
  const sweep = new ReceiptSweep(orders, receiving, logger, {
    everyMs: config.RECEIPT_SWEEP_MS,
    graceMs: config.RECEIPT_GRACE_MS,
  });
  const invoices = subscription({
    queue: 'purchasing.invoices',
    events: ['invoice.created', 'invoice.trashed', 'invoice.restored'],
    handler: invoiceEventsHandler(commands),
  });
  return {
    given,
    /** What the documents module records attachments on the orders with. */
    store,
    // Orders stored before their list rows were kept get them (once, from start).
    parts: [sweep, new ListRowsBackfill('purchase_order_rows', rows, purchasingPasses(connection), logger)],
    subscriptions: [invoices],
    api: (router) => {
      purchaseOrdersRoutes(router, given);
      linesRoutes(router, given);
      requirementsRoutes(router, given);
    },
    internal: (router) => {
      internalRoutes(router, given);
      exportRowsRoutes(router, given);
    },
  };
}
