import { subscription, type OutboxRelay, type ServiceContext, type ServiceModule } from '@stockyard/service-kit';
import { ListRowsBackfill } from '@stockyard/service-kit/store';
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
import { invoiceLists, InvoiceReads, invoiceStore } from './store/invoice.repository';
import { invoiceRowModel } from './store/invoice-row.model';
import { invoiceRows } from './store/invoice-rows';
import { invoiceTerms } from './store/invoice-terms';
import { invoicingPasses } from './store/invoicing-passes';
import { VendorBalances } from './store/vendor-balances';

/**
 * Invoices and memos: their store (vendor numbers claimed, terms, list rows and vendor balances
 * kept with every write), commands (record, lines and matching, workflow, reports), routes, the
 * consumer that keeps matched lines' variances current as goods are received, and the list rows'
 * backfill.
 */
export function invoicesModule(
  { connection, logger }: ServiceContext<Config>,
  relay: OutboxRelay,
  peers: InvoicePeers,
): ServiceModule<InvoicesGiven> {
  const model = invoiceModel(connection);
  const terms = invoiceTerms(connection);
  const balances = new VendorBalances(connection);
  const claims = invoiceNumberClaims(numberClaimModel(connection), model);
  const rowModel = invoiceRowModel(connection);
  const rows = invoiceRows(rowModel, model);
  const store = invoiceStore(model, relay, { terms, rows, balances }, claims);
  const reads = new InvoiceReads(model, store);
  const lists = invoiceLists(rowModel, terms);
  const commands = new InvoiceCommands(store, reads, peers.orders, peers.catalog, peers.settings);
  const contexts = new MatchContexts(peers.orders, peers.catalog, peers.settings);
  const lines = new InvoiceLineCommands(store, commands, contexts, peers.orders);
  const workflow = new InvoiceWorkflowCommands(store, reads, peers.settings, peers.orders);
  const reports = new InvoiceReportCommands(reads, balances);
  const given = { invoices: reads, lists, commands, lines, workflow, reports };
  const receipts = subscription({
    queue: 'invoicing.receipts',
    events: ['purchase_order.line_received'],
    handler: lineReceivedHandler(store, reads, peers.settings, peers.orders),
  });
  return {
    given,
    // Invoices stored before their list rows were kept get them (once, from start).
    parts: [new ListRowsBackfill('invoice_rows', rows, invoicingPasses(connection), logger)],
    subscriptions: [receipts],
    api: (router) => {
      invoicesRoutes(router, given);
      invoiceLinesRoutes(router, given);
      invoiceWorkflowRoutes(router, given);
    },
  };
}
