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
import type { InventoryDeps } from '../deps';

export function warehouseStockRoutes(router: Router, { queries, counts }: InventoryDeps): void {
  router.get('/warehouses/:warehouseId/stock', async (req, res) => {
    const query = queryOf(req, WarehouseStockQuerySchema);
    res.json(await queries.warehouseStock(orgIdOf(req), req.params.warehouseId, query, queryOf(req, PageQuerySchema)));
  });

  router.get('/warehouses/:warehouseId/stock/movements', async (req, res) => {
    const query = queryOf(req, WarehouseMovementQuerySchema);
    const page = queryOf(req, PageQuerySchema);
    res.json(await queries.warehouseMovements(orgIdOf(req), req.params.warehouseId, query, page));
  });

  router.get('/warehouses/:warehouseId/stock/export-template', async (req, res) => {
    const { warehouseId } = req.params;
    const { filename, csv } = await queries.countTemplate(
      orgIdOf(req),
      warehouseId,
      queryOf(req, ExportTemplateQuerySchema),
    );
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.send(csv);
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
