import type { Router } from 'express';
import { INTERNAL_ROUTES } from '@stockyard/contracts';
import { bindInternal } from '@stockyard/service-kit';
import type { PlacesGiven } from '../deps';

/** POST /internal/v1/warehouses/batch: the caller organization's live warehouses among the ids. */
export function warehousesInternalRoutes(router: Router, { warehouses }: PlacesGiven): void {
  bindInternal(router, INTERNAL_ROUTES.inventoryWarehouses, async ({ orgId, body }) => ({
    data: await warehouses.liveByIds(orgId, body.ids),
  }));
}
