import type { Router } from 'express';
import {
  BulkCountApplySchema,
  BulkCountPreviewSchema,
  ExportTemplateQuerySchema,
  PageQuerySchema,
  WarehouseMovementQuerySchema,
  WarehouseStockQuerySchema,
} from '@stockyard/contracts';
import { bodyOf, orgIdOf, queryOf } from '@stockyard/service-kit';
import { countTemplateCsv } from '../domain/export-count-template';
import type { InventoryDeps } from '../deps';

export function warehouseStockRoutes(router: Router, { queries, counts, movements, warehouses }: InventoryDeps): void {
  router.get('/warehouses/:warehouseId/stock', async (req, res) => {
    const query = queryOf(req, WarehouseStockQuerySchema);
    res.json(await queries.warehouseStock(orgIdOf(req), req.params.warehouseId, query, queryOf(req, PageQuerySchema)));
  });

  router.get('/warehouses/:warehouseId/stock/movements', async (req, res) => {
    const orgId = orgIdOf(req);
    const { warehouseId } = req.params;
    await warehouses.get(orgId, warehouseId);
    const query = queryOf(req, WarehouseMovementQuerySchema);
    res.json(await movements.list(orgId, { ...query, warehouseId }, queryOf(req, PageQuerySchema)));
  });

  router.get('/warehouses/:warehouseId/stock/export-template', async (req, res) => {
    const orgId = orgIdOf(req);
    const { warehouseId } = req.params;
    const { scope, includeEmpty } = queryOf(req, ExportTemplateQuerySchema);
    if (scope !== 'all' && scope !== 'unassigned') await warehouses.bin(orgId, warehouseId, scope);
    const { rows, binNames } = await queries.rows(orgId, warehouseId, { includeEmpty });
    const sorted = rows.sort(
      (a, b) => (a.sku ?? '\uffff').localeCompare(b.sku ?? '\uffff') || a.variantId.localeCompare(b.variantId),
    );
    const day = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="stock-count-${warehouseId}-${day}.csv"`);
    res.send(countTemplateCsv(sorted, scope, includeEmpty, binNames));
  });

  router.post('/warehouses/:warehouseId/stock/count/preview', async (req, res) => {
    res
      .status(201)
      .json(await counts.preview(orgIdOf(req), req.params.warehouseId, bodyOf(req, BulkCountPreviewSchema)));
  });
  router.post('/warehouses/:warehouseId/stock/count/apply', async (req, res) => {
    const body = bodyOf(req, BulkCountApplySchema);
    res.status(201).json(await counts.apply(orgIdOf(req), req.params.warehouseId, body, req.get('idempotency-key')));
  });
}
