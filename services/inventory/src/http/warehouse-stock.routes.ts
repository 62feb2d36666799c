import type { Router } from 'express';
import { INVENTORY_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { StockGiven } from '../deps';

export function warehouseStockRoutes(router: Router, { queries, counts }: StockGiven): void {
  bindRoute(router, INVENTORY_API.listWarehouseStock, ({ orgId, params, query: { limit, offset, ...filters } }) =>
    queries.warehouseStock(orgId, params.warehouseId, filters, { limit, offset }),
  );
  bindRoute(router, INVENTORY_API.listWarehouseMovements, ({ orgId, params, query: { limit, offset, ...filters } }) =>
    queries.warehouseMovements(orgId, params.warehouseId, filters, { limit, offset }),
  );

  // A file, not JSON: the handler answers through `res` and returns nothing.
  bindRoute(router, INVENTORY_API.exportCountTemplate, async ({ orgId, params, query, res }) => {
    const { filename, csv } = await queries.countTemplate(orgId, params.warehouseId, query);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.send(csv);
  });

  bindRoute(router, INVENTORY_API.previewCount, ({ orgId, params, body }) =>
    counts.preview(orgId, params.warehouseId, body),
  );
  bindRoute(router, INVENTORY_API.applyCount, ({ orgId, params, body, req }) =>
    counts.apply(orgId, params.warehouseId, body, req.get('idempotency-key')),
  );
}
