import type { EventEnvelope } from '@stockyard/contracts';
import { subscription, type OutboxRelay, type ServiceContext } from '@stockyard/service-kit';
import type { Router } from 'express';
import { HoldCommands } from './commands/hold-commands';
import { HoldLinkTells } from './commands/hold-link-tells';
import { PurchaseOrderCommands } from './commands/purchase-order-commands';
import { ReceiptSweep } from './commands/receipt-sweep';
import { ReceiveCommands } from './commands/receive-commands';
import { RequirementCommands } from './commands/requirements-commands';
import type { Config } from './config';
import { HOLDS_LINKED } from './domain/purchase-order-events';
import { SEARCH_TERMS_CHANGED } from './domain/purchase-order-search';
import { invoiceEventsHandler } from './events/handlers/invoice-events.handler';
import { internalRoutes } from './http/internal.routes';
import { linesRoutes } from './http/lines.routes';
import { purchaseOrdersRoutes } from './http/purchase-orders.routes';
import { requirementsRoutes } from './http/requirements.routes';
import { catalogReads } from './peers/catalog-reads';
import { inventoryPeer } from './peers/inventory-stock';
import { requirementReads } from './peers/requirement-reads';
import { NO_HOLDS, type HoldLookup } from './ports';
import { orderNumberClaims, OrderNumbers } from './store/order-numbers';
import { numberClaimModel, numberSequenceModel, purchaseOrderModel } from './store/purchase-order.model';
import { PurchaseOrderRepository } from './store/purchase-order.repository';
import { PurchaseOrderTerms } from './store/purchase-order-terms';

/**
 * The orders' documents, their term index and the tells of hold links to orders, built before the
 * relay (it publishes from the documents, keeps the index and retries the tells).
 */
export function purchaseOrdersData({ connection, logger }: ServiceContext<Config>, holdLookup: HoldLookup = NO_HOLDS) {
  const model = purchaseOrderModel(connection);
  const terms = new PurchaseOrderTerms(connection);
  const tells = new HoldLinkTells(holdLookup, logger);
  return {
    model,
    terms,
    holdLookup,
    tells,
    outbox: [model],
    local: {
      [SEARCH_TERMS_CHANGED]: (event: EventEnvelope) => terms.applyIfNew(event),
      [HOLDS_LINKED]: (event: EventEnvelope) => tells.tellIfNew(event),
    },
  };
}
export type PurchaseOrdersData = ReturnType<typeof purchaseOrdersData>;

/**
 * Purchase orders: their store, order numbers, the peers they check (catalog, inventory, the
 * holds port), commands, routes (partner and internal), the receipt sweep and the invoice consumer.
 */
export function purchaseOrdersModule(
  { connection, config, logger }: ServiceContext<Config>,
  relay: OutboxRelay,
  data: PurchaseOrdersData,
) {
  const claims = orderNumberClaims(numberClaimModel(connection), data.model);
  const orders = new PurchaseOrderRepository(data.model, relay, data.terms, claims);
  const numbers = new OrderNumbers(numberSequenceModel(connection));
  const inventory = inventoryPeer(config);
  const commands = new PurchaseOrderCommands(orders, numbers, catalogReads(config), inventory);
  const receiving = new ReceiveCommands(orders, inventory);
  const holds = new HoldCommands(orders, commands, data.holdLookup, data.tells);
  // Orders from reorder requirements.
  const requirements = new RequirementCommands(orders, data.terms, numbers, requirementReads(config), inventory);
  const given = { commands, receiving, orders, holds, requirements };
  const sweep = new ReceiptSweep(orders, receiving, logger, {
    everyMs: config.RECEIPT_SWEEP_MS,
    graceMs: config.RECEIPT_GRACE_MS,
  });
  return {
    given,
    sweep,
    parts: [sweep],
    subscriptions: [
      subscription({
        queue: 'purchasing.invoices',
        events: ['invoice.created', 'invoice.trashed', 'invoice.restored'],
        handler: invoiceEventsHandler(commands),
      }),
    ],
    mount: (router: Router) => {
      purchaseOrdersRoutes(router, given);
      linesRoutes(router, given);
      requirementsRoutes(router, given);
    },
    mountInternal: (router: Router) => internalRoutes(router, given),
  };
}
/** What the purchase orders' routes are given: commands and reads. */
export type PurchaseOrdersGiven = ReturnType<typeof purchaseOrdersModule>['given'];
