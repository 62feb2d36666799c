import { subscription, type OutboxRelay, type ServiceContext, type ServiceModule } from '@stockyard/service-kit';
import { InvoiceCommands } from './commands/invoice-commands';
import { InvoiceLineCommands } from './commands/invoice-line-commands';
import { InvoiceReportCommands } from './commands/invoice-report-commands';
import { InvoiceWorkflowCommands } from './commands/invoice-workflow-commands';
import { MatchContexts } from './commands/match-context';
import type { Config } from './config';
import type { InvoicesGiven } from './deps';
import { lineReceivedHandler } from './events/handlers/line-received.handler';
import { invoiceLinesRoutes } from './http/invoice-lines.routes';
import { invoiceWorkflowRoutes } from './http/invoice-workflow.routes';
import { invoicesRoutes } from './http/invoices.routes';
import type { InvoicePeers } from './peers';
import { invoiceModel, numberClaimModel } from './store/invoice.model';
import { invoiceNumberClaims } from './store/invoice-numbers';
import { InvoiceReads, invoiceStore } from './store/invoice.repository';
import { invoiceTerms } from './store/invoice-terms';
import { VendorBalances } from './store/vendor-balances';

/**
 * Invoices and memos: their store (vendor numbers claimed, terms and vendor balances kept with
 * every write), commands (record, lines and matching, workflow, reports), routes, and the
 * consumer that keeps matched lines' variances current as goods are received.
 */
export function invoicesModule(
  { connection }: ServiceContext<Config>,
  relay: OutboxRelay,
  peers: InvoicePeers,
): ServiceModule<InvoicesGiven> {
  const model = invoiceModel(connection);
  const terms = invoiceTerms(connection);
  const balances = new VendorBalances(connection);
  const claims = invoiceNumberClaims(numberClaimModel(connection), model);
  const store = invoiceStore(model, relay, { terms, balances }, claims);
  const reads = new InvoiceReads(model, store, terms);
  const commands = new InvoiceCommands(store, reads, peers.orders, peers.catalog, peers.settings);
  const contexts = new MatchContexts(peers.orders, peers.catalog, peers.settings);
  const lines = new InvoiceLineCommands(store, commands, contexts, peers.orders);
  const workflow = new InvoiceWorkflowCommands(store, reads, peers.settings, peers.orders);
  const reports = new InvoiceReportCommands(reads, balances);
  const given = { invoices: reads, commands, lines, workflow, reports };
  const receipts = subscription({
    queue: 'invoicing.receipts',
    events: ['purchase_order.line_received'],
    handler: lineReceivedHandler(store, reads, peers.settings, peers.orders),
  });
  return {
    given,
    subscriptions: [receipts],
    api: (router) => {
      invoicesRoutes(router, given);
      invoiceLinesRoutes(router, given);
      invoiceWorkflowRoutes(router, given);
    },
  };
}
