import { PURCHASING_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { Router } from 'express';
import type { DocumentsGiven } from '../deps';
import type { OrderMessage } from '../domain/order-messages';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const messageView = ({ orgId: _org, updatedAt: _updated, ...m }: OrderMessage) => ({
  ...m,
  sentAt: iso(m.sentAt),
  createdAt: iso(m.createdAt)!,
});

/** The order as a PDF, e-mail to the supplier, and the messages sent. */
export function documentsRoutes(router: Router, { orders, documents, messages }: DocumentsGiven): void {
  const api = PURCHASING_API;
  // A file, not JSON: the handler answers through `res` and returns nothing.
  bindRoute(router, api.purchaseOrderPdf, async ({ orgId, params, res }) => {
    const { filename, bytes } = await documents.pdf(await orders.get(orgId, params.id));
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `inline; filename="${filename}"`);
    res.send(bytes);
  });
  bindRoute(router, api.sendEmail, async ({ orgId, params, body }) =>
    messageView(await messages.sendOrder(orgId, params.id, body)),
  );
  bindRoute(router, api.sendFollowUp, async ({ orgId, params, body }) =>
    messageView(await messages.sendFollowUp(orgId, params.id, body)),
  );
  bindRoute(router, api.listMessages, async ({ orgId, params, query, res }) => {
    const page = await messages.list(orgId, params.id, query);
    res.setHeader('X-Total-Count', String(page.total ?? page.data.length));
    return page.data.map(messageView);
  });
}
