import type { Router } from 'express';
import { INTERNAL_ROUTES } from '@stockyard/contracts';
import { bindInternal } from '@stockyard/service-kit';
import type { StockGiven } from '../deps';

/** /internal/v1: the stock moves other services make (see stock-internal.ts in contracts). */
export function internalRoutes(router: Router, { internal }: StockGiven): void {
  bindInternal(router, INTERNAL_ROUTES.inventoryReserve, ({ orgId, body }) => internal.reserve(orgId, body));
  bindInternal(router, INTERNAL_ROUTES.inventoryRelease, ({ orgId, body }) => internal.release(orgId, body));
  bindInternal(router, INTERNAL_ROUTES.inventoryReceive, ({ orgId, body }) => internal.receive(orgId, body));
  bindInternal(router, INTERNAL_ROUTES.inventoryDeduct, ({ orgId, body }) => internal.deduct(orgId, body));
  bindInternal(router, INTERNAL_ROUTES.inventoryMoves, async ({ orgId, body }) => ({
    data: await internal.moves(orgId, body.moves),
  }));
}
