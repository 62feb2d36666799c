import type { Connection } from 'mongoose';
import { decision } from '../domain/level-change';
import { hasReorderPoint } from '../domain/reorder-levels';
import type { StockLevel } from '../domain/stock-level';
import type { StockLevelModel } from './stock-level.model';
import type { StockLevelStore } from './stock.repository';
import { OncePerDatabase } from './pass-checkpoints';

const PASS = 'stock_levels_reorder_points';

/**
 * Levels written before `hasReorderPoint` was kept (every change derives it since) and that have
 * a reorder point get it once per database, before requests are taken, through the levels' store
 * (recorded in `inventory_passes`): the reorder-levels read finds levels by it.
 */
export class ReorderPointAdoption extends OncePerDatabase {
  constructor(
    connection: Connection,
    private readonly model: StockLevelModel,
    private readonly levels: StockLevelStore,
  ) {
    super(connection, PASS);
  }

  protected async run(): Promise<void> {
    const older = this.model
      .find({ hasReorderPoint: { $exists: false } }, { orgId: 1, variantId: 1, locations: 1 })
      .lean<Pick<StockLevel, 'orgId' | 'variantId' | 'locations'>[]>()
      .cursor();
    for await (const { orgId, variantId, locations } of older) {
      if (hasReorderPoint(locations)) await this.levels.change(orgId, variantId, (l) => decision(l, { events: [] }));
    }
  }
}
