import type { Router } from 'express';
import { INTERNAL_ROUTES } from '@stockyard/contracts';
import { bindInternal } from '@stockyard/service-kit';
import type { PlacesCommands } from '../places.module';

/** POST /internal/v1/warehouses/batch: the caller organization's live warehouses among the ids. */
export function warehousesInternalRoutes(router: Router, { warehouses }: PlacesCommands): void {
  bindInternal(router, INTERNAL_ROUTES.inventoryWarehouses, async ({ orgId, body }) => ({
    data: await warehouses.liveByIds(orgId, body.ids),
  }));
}
