import type { Router } from 'express';
import { INVENTORY_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { StockGiven } from '../deps';

export function stockRoutes(router: Router, { commands, queries }: StockGiven): void {
  bindRoute(router, INVENTORY_API.adjustStock, ({ orgId, body }) => commands.adjust(orgId, body));
  bindRoute(router, INVENTORY_API.transferStock, ({ orgId, body }) => commands.transfer(orgId, body));
  bindRoute(router, INVENTORY_API.moveStock, ({ orgId, body }) => commands.move(orgId, body));
  bindRoute(router, INVENTORY_API.setPrimaryBin, ({ orgId, body }) => commands.setPrimaryBin(orgId, body));

  bindRoute(router, INVENTORY_API.listMovements, ({ orgId, query: { limit, offset, ...filters } }) =>
    queries.movements(orgId, filters, { limit, offset }),
  );
  bindRoute(router, INVENTORY_API.getStockBreakdown, ({ orgId, params }) => queries.breakdown(orgId, params.variantId));

  bindRoute(router, INVENTORY_API.updateStockItem, async ({ orgId, params, body }) => {
    const { variantId, warehouseId } = params;
    const level = await commands.updateItem(orgId, variantId, warehouseId, body);
    return queries.stockItem(orgId, level, warehouseId, body.binId ?? null);
  });
}
