import type { EventEnvelope } from '@stockyard/contracts';
import { subscription, type OutboxRelay, type ServiceContext } from '@stockyard/service-kit';
import type { Router } from 'express';
import { InvoiceCommands } from './commands/invoice-commands';
import { InvoiceLineCommands } from './commands/invoice-line-commands';
import { InvoiceReportCommands } from './commands/invoice-report-commands';
import { InvoiceWorkflowCommands } from './commands/invoice-workflow-commands';
import { MatchContexts } from './commands/match-context';
import type { Config } from './config';
import { BALANCE_CHANGED, SEARCH_TERMS_CHANGED } from './domain/invoice-search';
import { lineReceivedHandler } from './events/handlers/line-received.handler';
import { invoiceLinesRoutes } from './http/invoice-lines.routes';
import { invoiceWorkflowRoutes } from './http/invoice-workflow.routes';
import { invoicesRoutes } from './http/invoices.routes';
import type { InvoicePeers } from './peers';
import { invoiceModel, numberClaimModel } from './store/invoice.model';
import { invoiceNumberClaims } from './store/invoice-numbers';
import { InvoiceRepository } from './store/invoice.repository';
import { InvoiceTerms } from './store/invoice-terms';
import { VendorBalances } from './store/vendor-balances';

/** The invoices' documents and what is derived from their outbox, built before the relay (it keeps them). */
export function invoicesData({ connection }: ServiceContext<Config>) {
  const model = invoiceModel(connection);
  const terms = new InvoiceTerms(connection);
  const balances = new VendorBalances(connection);
  const local: Record<string, (event: EventEnvelope) => Promise<void>> = {
    [SEARCH_TERMS_CHANGED]: terms.updates.applyIfNew,
    [BALANCE_CHANGED]: balances.updates.applyIfNew,
  };
  return { model, terms, balances, outbox: [model], local };
}
export type InvoicesData = ReturnType<typeof invoicesData>;

/**
 * Invoices and memos: their store (vendor numbers claimed), commands (record, lines and matching,
 * workflow, reports), routes, and the consumer that keeps matched lines' variances current as
 * goods are received.
 */
export function invoicesModule(
  { connection }: ServiceContext<Config>,
  relay: OutboxRelay,
  data: InvoicesData,
  peers: InvoicePeers,
) {
  const claims = invoiceNumberClaims(numberClaimModel(connection), data.model);
  const invoices = new InvoiceRepository(data.model, relay, data.terms, data.balances, claims);
  const commands = new InvoiceCommands(invoices, peers.orders, peers.catalog, peers.settings);
  const contexts = new MatchContexts(peers.orders, peers.catalog, peers.settings);
  const lines = new InvoiceLineCommands(invoices, commands, contexts);
  const workflow = new InvoiceWorkflowCommands(invoices, peers.settings);
  const reports = new InvoiceReportCommands(invoices, data.balances);
  const given = { invoices, commands, lines, workflow, reports, contexts };
  return {
    given,
    subscriptions: [
      subscription({
        queue: 'invoicing.receipts',
        events: ['purchase_order.line_received'],
        handler: lineReceivedHandler(invoices, peers.settings),
      }),
    ],
    mount: (router: Router) => {
      invoicesRoutes(router, given);
      invoiceLinesRoutes(router, given);
      invoiceWorkflowRoutes(router, given);
    },
  };
}
export type InvoicesGiven = ReturnType<typeof invoicesModule>['given'];
