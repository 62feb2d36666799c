import type { Router } from 'express';
import { INVENTORY_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { PlacesGiven } from '../deps';

export function warehousesRoutes(router: Router, { warehouses, bins }: PlacesGiven): void {
  bindRoute(router, INVENTORY_API.listWarehouses, ({ orgId, query: { includeDeleted, limit, offset } }) =>
    warehouses.list(orgId, includeDeleted, { limit, offset }),
  );
  bindRoute(router, INVENTORY_API.createWarehouse, ({ orgId, body }) => warehouses.create(orgId, body));
  bindRoute(router, INVENTORY_API.getWarehouse, ({ orgId, params }) => warehouses.get(orgId, params.warehouseId));
  bindRoute(router, INVENTORY_API.updateWarehouse, ({ orgId, params, body }) =>
    warehouses.update(orgId, params.warehouseId, body),
  );
  bindRoute(router, INVENTORY_API.deleteWarehouse, ({ orgId, params }) => warehouses.delete(orgId, params.warehouseId));

  bindRoute(router, INVENTORY_API.listBins, ({ orgId, params, query }) => bins.list(orgId, params.warehouseId, query));
  bindRoute(router, INVENTORY_API.createBin, ({ orgId, params, body }) =>
    bins.create(orgId, params.warehouseId, body.name),
  );
  bindRoute(router, INVENTORY_API.renameBin, ({ orgId, params, body }) => {
    const { warehouseId, binId } = params;
    return bins.rename(orgId, warehouseId, binId, body.name);
  });
  bindRoute(router, INVENTORY_API.deleteBin, ({ orgId, params }) => {
    const { warehouseId, binId } = params;
    return bins.delete(orgId, warehouseId, binId);
  });
}
