import { PURCHASING_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { Router } from 'express';
import { purchaseOrderView } from '../domain/purchase-order-view';
import type { PurchaseOrdersGiven } from '../deps';

/** An order's lines: add, change, remove, receive, and the customer holds linked to them. */
export function linesRoutes(router: Router, { commands, receiving, holds }: PurchaseOrdersGiven): void {
  const api = PURCHASING_API;
  bindRoute(router, api.addLine, async ({ orgId, params, body }) =>
    purchaseOrderView(await commands.addLine(orgId, params.id, body)),
  );
  bindRoute(router, api.updateLine, async ({ orgId, params, body }) =>
    purchaseOrderView(await commands.updateLine(orgId, params.id, params.lineId, body)),
  );
  bindRoute(router, api.deleteLine, async ({ orgId, params }) =>
    purchaseOrderView(await commands.deleteLine(orgId, params.id, params.lineId)),
  );
  bindRoute(router, api.receiveLine, async ({ orgId, params, body, req }) =>
    purchaseOrderView(await receiving.receive(orgId, params.id, params.lineId, body, req.get('idempotency-key'))),
  );
  bindRoute(router, api.linkReservations, async ({ orgId, params, body }) =>
    purchaseOrderView(await holds.link(orgId, params.id, params.lineId, body.reservationIds)),
  );
  bindRoute(router, api.listReservations, async ({ orgId, params }) => ({
    data: await holds.linked(orgId, params.id),
  }));
  bindRoute(router, api.listLinkableReservations, async ({ orgId, params }) => ({
    data: await holds.linkable(orgId, params.id),
  }));
}
