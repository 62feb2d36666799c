import type { Router } from 'express';
import {
  AdjustStockSchema,
  MovementQuerySchema,
  MoveStockSchema,
  PageQuerySchema,
  SetPrimaryBinSchema,
  TransferStockSchema,
  UpdateStockItemSchema,
} from '@stockyard/contracts';
import { bodyOf, orgIdOf, queryOf } from '@stockyard/service-kit';
import type { InventoryDeps } from '../deps';

export function stockRoutes(router: Router, { commands, queries }: InventoryDeps): void {
  router.post('/stock/adjust', async (req, res) => {
    res.status(201).json(await commands.adjust(orgIdOf(req), bodyOf(req, AdjustStockSchema)));
  });
  router.post('/stock/transfer', async (req, res) => {
    res.status(201).json(await commands.transfer(orgIdOf(req), bodyOf(req, TransferStockSchema)));
  });
  router.post('/stock/move', async (req, res) => {
    res.status(201).json(await commands.move(orgIdOf(req), bodyOf(req, MoveStockSchema)));
  });
  router.post('/stock/primary-bin', async (req, res) => {
    res.status(201).json(await commands.setPrimaryBin(orgIdOf(req), bodyOf(req, SetPrimaryBinSchema)));
  });

  router.get('/stock/movements', async (req, res) => {
    res.json(await queries.movements(orgIdOf(req), queryOf(req, MovementQuerySchema), queryOf(req, PageQuerySchema)));
  });
  router.get('/stock/variant/:variantId/breakdown', async (req, res) => {
    res.json(await queries.breakdown(orgIdOf(req), req.params.variantId));
  });

  router.patch('/stock/items/:variantId/:warehouseId', async (req, res) => {
    const orgId = orgIdOf(req);
    const { variantId, warehouseId } = req.params;
    const input = bodyOf(req, UpdateStockItemSchema);
    const level = await commands.updateItem(orgId, variantId, warehouseId, input);
    res.json(await queries.stockItem(orgId, level, warehouseId, input.binId ?? null));
  });
}
