import type { Router } from 'express';
import { INTERNAL_WAREHOUSE_PATHS, WarehouseBatchQuerySchema } from '@stockyard/contracts';
import { bodyOf, orgIdOf } from '@stockyard/service-kit';
import type { PlacesCommands } from '../places.module';

/** POST /internal/v1/warehouses/batch: the caller organization's live warehouses among the ids. */
export function warehousesInternalRoutes(router: Router, { warehouses }: PlacesCommands): void {
  router.post(INTERNAL_WAREHOUSE_PATHS.batch, async (req, res) => {
    const { ids } = bodyOf(req, WarehouseBatchQuerySchema);
    res.json({ data: await warehouses.liveByIds(orgIdOf(req), ids) });
  });
}
