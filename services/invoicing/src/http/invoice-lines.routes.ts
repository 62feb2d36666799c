import { INVOICING_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { Router } from 'express';
import { invoiceView } from '../domain/invoice-view';
import type { InvoicesGiven } from '../deps';

/** An invoice's lines: add, change, remove, match one, auto-match. */
export function invoiceLinesRoutes(router: Router, { lines }: InvoicesGiven): void {
  const api = INVOICING_API;
  bindRoute(router, api.addInvoiceLine, async ({ orgId, params, body }) =>
    invoiceView(await lines.add(orgId, params.id, body)),
  );
  bindRoute(router, api.updateInvoiceLine, async ({ orgId, params, body }) =>
    invoiceView(await lines.update(orgId, params.id, params.lineId, body)),
  );
  bindRoute(router, api.deleteInvoiceLine, async ({ orgId, params }) =>
    invoiceView(await lines.remove(orgId, params.id, params.lineId)),
  );
  bindRoute(router, api.matchInvoiceLine, async ({ orgId, params, body }) =>
    invoiceView(await lines.match(orgId, params.id, params.lineId, body.purchaseOrderLineId)),
  );
  bindRoute(router, api.autoMatchInvoice, async ({ orgId, params }) => {
    const { matched, invoice } = await lines.autoMatch(orgId, params.id);
    return { matched, invoice: invoiceView(invoice) };
  });
}
