import type { Router } from 'express';
import { AdjustStockSchema } from '@stockyard/contracts';
import { bodyOf, newId, orgIdOf } from '@stockyard/service-kit';
import { adjustStock, type AdjustResult } from '../domain/adjust-stock';
import { availableOf } from '../domain/stock-level';
import type { InventoryDeps } from '../app';

export function stockRoutes(router: Router, { stock, relay }: InventoryDeps): void {
  router.post('/stock/adjust', async (req, res) => {
    const orgId = orgIdOf(req);
    const input = bodyOf(req, AdjustStockSchema);
    const movementId = newId('mov');
    let result: AdjustResult | undefined;
    const level = await stock.change(orgId, input.variantId, (current) => (result = adjustStock(current, input, movementId, new Date())));
    relay.kick();
    await stock.recordMovement(orgId, result!.movement);
    res.status(201).json({ ...result!.movement, available: availableOf(level) });
  });
}
