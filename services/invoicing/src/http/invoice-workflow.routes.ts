import { INVOICING_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { Router } from 'express';
import { invoiceView } from '../domain/invoice-view';
import type { InvoicesGiven } from '../deps';

/** The invoice's status changes and its reconciled overlay. */
export function invoiceWorkflowRoutes(router: Router, { workflow }: InvoicesGiven): void {
  const api = INVOICING_API;
  bindRoute(router, api.submitInvoice, async ({ orgId, params }) =>
    invoiceView(await workflow.submit(orgId, params.id)),
  );
  bindRoute(router, api.approveInvoice, async ({ orgId, params }) =>
    invoiceView(await workflow.approve(orgId, params.id)),
  );
  bindRoute(router, api.disputeInvoice, async ({ orgId, params, body }) =>
    invoiceView(await workflow.dispute(orgId, params.id, body?.reason)),
  );
  bindRoute(router, api.reopenInvoice, async ({ orgId, params }) =>
    invoiceView(await workflow.reopen(orgId, params.id)),
  );
  bindRoute(router, api.markInvoicePaid, async ({ orgId, params, body }) =>
    invoiceView(await workflow.markPaid(orgId, params.id, body ?? {})),
  );
  bindRoute(router, api.reconcileInvoice, async ({ orgId, params }) =>
    invoiceView(await workflow.reconcile(orgId, params.id)),
  );
  bindRoute(router, api.unreconcileInvoice, async ({ orgId, params }) =>
    invoiceView(await workflow.unreconcile(orgId, params.id)),
  );
}
