import type { ReorderLevel, ReorderLevels, ReorderLevelsQuerySchema } from '@stockyard/contracts';
import type { z } from 'zod';
import { decodeAfter, isAfter, pageOf, pairsOf, PAST, type PairKey } from '../domain/reorder-levels';
import type { StockLevel } from '../domain/stock-level';
import type { StockRepository } from '../store/stock.repository';
import type { WarehouseRepository } from '../store/warehouse.repository';

type Query = z.output<typeof ReorderLevelsQuerySchema>;

/**
 * Reorder levels per (variant, warehouse), a page at a time (purchasing's orders from
 * requirements): the levels with a reorder point from their index, or the asked variants' levels
 * by id; pairs at a deleted warehouse are left out (nothing is bought into it).
 */
export class ReorderLevelQueries {
  constructor(
    private readonly stock: StockRepository,
    private readonly warehouses: WarehouseRepository,
  ) {}

  async page(orgId: string, query: Query): Promise<ReorderLevels> {
    const after = query.after === undefined ? undefined : decodeAfter(query.after);
    const { levels, past } = query.variantIds
      ? { levels: await this.asked(orgId, query.variantIds, after), past: undefined }
      : await this.withReorderPoints(orgId, query.limit, after);
    const only = { warehouseId: query.warehouseId, withReorderPoint: !query.variantIds };
    const pairs = levels.flatMap((l) => pairsOf(l, only)).filter((p) => !after || isAfter(p, after));
    return pageOf(await this.atLiveWarehouses(orgId, pairs), query.limit, past);
  }

  /** The asked variants' levels from the cursor's variant on, in variant order (at most 500, by `_id`). */
  private async asked(orgId: string, variantIds: string[], after: PairKey | undefined): Promise<StockLevel[]> {
    const from = variantIds.filter((v) => !after || v >= after.variantId);
    const levels = from.length > 0 ? await this.stock.findMany(orgId, from) : [];
    return levels.sort((a, b) => (a.variantId < b.variantId ? -1 : 1));
  }

  /** A page's worth of levels with a reorder point; when the read is full, more may follow the last. */
  private async withReorderPoints(orgId: string, limit: number, after: PairKey | undefined) {
    const from = after && { variantId: after.variantId, inclusive: after.warehouseId !== PAST };
    const levels = await this.stock.withReorderPoints(orgId, limit, from);
    const last = levels.length === limit ? levels[limit - 1] : undefined;
    return { levels, past: last && { variantId: last.variantId, warehouseId: PAST } };
  }

  private async atLiveWarehouses(orgId: string, pairs: ReorderLevel[]): Promise<ReorderLevel[]> {
    if (pairs.length === 0) return pairs;
    const live = new Set(
      (
        await this.warehouses.liveByIds(
          orgId,
          pairs.map((p) => p.warehouseId),
        )
      ).map((w) => w.id),
    );
    return pairs.filter((p) => live.has(p.warehouseId));
  }
}
