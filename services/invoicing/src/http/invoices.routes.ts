import { INVOICING_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { Router } from 'express';
import { invoiceView } from '../domain/invoice-view';
import type { InvoicesGiven } from '../deps';

/** The invoice's own routes: record, list, the reports, the trash, read, edit, trash and restore. */
export function invoicesRoutes(router: Router, { commands, lists, reports }: InvoicesGiven): void {
  const api = INVOICING_API;
  bindRoute(router, api.createInvoice, async ({ orgId, body }) => invoiceView(await commands.create(orgId, body)));
  bindRoute(router, api.listInvoices, ({ orgId, query }) => lists.list(orgId, query));
  // The fixed paths before /invoices/{id}.
  bindRoute(router, api.invoiceStats, ({ orgId }) => reports.stats(orgId));
  bindRoute(router, api.invoiceAging, ({ orgId, query }) => reports.aging(orgId, query));
  bindRoute(router, api.vendorStatement, ({ orgId, query }) => reports.statement(orgId, query));
  bindRoute(router, api.listTrashedInvoices, ({ orgId, query }) => lists.trash(orgId, query));
  bindRoute(router, api.getInvoice, async ({ orgId, params }) => invoiceView(await commands.get(orgId, params.id)));
  bindRoute(router, api.updateInvoice, async ({ orgId, params, body }) =>
    invoiceView(await commands.update(orgId, params.id, body)),
  );
  bindRoute(router, api.deleteInvoice, async ({ orgId, params }) =>
    invoiceView(await commands.trash(orgId, params.id)),
  );
  bindRoute(router, api.restoreInvoice, async ({ orgId, params }) =>
    invoiceView(await commands.restore(orgId, params.id)),
  );
}
