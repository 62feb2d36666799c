import type { Router } from 'express';
import {
  CreateBinSchema,
  CreateWarehouseSchema,
  PageQuerySchema,
  UpdateBinSchema,
  UpdateWarehouseSchema,
  WarehouseListQuerySchema,
} from '@stockyard/contracts';
import { bodyOf, orgIdOf, queryOf } from '@stockyard/service-kit';
import type { InventoryDeps } from '../deps';

type Params = { warehouseId: string; binId: string };

export function warehousesRoutes(router: Router, { warehouses, bins }: InventoryDeps): void {
  router.get('/warehouses', async (req, res) => {
    const { includeDeleted } = queryOf(req, WarehouseListQuerySchema);
    res.json(await warehouses.list(orgIdOf(req), includeDeleted, queryOf(req, PageQuerySchema)));
  });
  router.post('/warehouses', async (req, res) => {
    res.status(201).json(await warehouses.create(orgIdOf(req), bodyOf(req, CreateWarehouseSchema)));
  });
  router.get('/warehouses/:warehouseId', async (req, res) => {
    res.json(await warehouses.get(orgIdOf(req), req.params.warehouseId));
  });
  router.patch('/warehouses/:warehouseId', async (req, res) => {
    res.json(await warehouses.update(orgIdOf(req), req.params.warehouseId, bodyOf(req, UpdateWarehouseSchema)));
  });
  router.delete('/warehouses/:warehouseId', async (req, res) => {
    await warehouses.delete(orgIdOf(req), req.params.warehouseId);
    res.status(204).end();
  });

  router.get('/warehouses/:warehouseId/bins', async (req, res) => {
    res.json(await bins.list(orgIdOf(req), req.params.warehouseId, queryOf(req, PageQuerySchema)));
  });
  router.post('/warehouses/:warehouseId/bins', async (req, res) => {
    const { name } = bodyOf(req, CreateBinSchema);
    res.status(201).json(await bins.create(orgIdOf(req), req.params.warehouseId, name));
  });
  router.patch('/warehouses/:warehouseId/bins/:binId', async (req, res) => {
    const { warehouseId, binId } = req.params as Params;
    res.json(await bins.rename(orgIdOf(req), warehouseId, binId, bodyOf(req, UpdateBinSchema).name));
  });
  router.delete('/warehouses/:warehouseId/bins/:binId', async (req, res) => {
    const { warehouseId, binId } = req.params as Params;
    await bins.delete(orgIdOf(req), warehouseId, binId);
    res.status(204).end();
  });
}
