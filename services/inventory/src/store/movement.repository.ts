import type { List, MovementQuery, Page, StockMovement } from '@stockyard/contracts';
import type { MovementDoc, MovementModel } from './movement.model';

const toMovement = ({ _id, orgId: _org, createdAt, ...fields }: MovementDoc): StockMovement => ({
  id: _id,
  ...fields,
  binId: fields.binId ?? null,
  reference: fields.reference ?? null,
  createdAt: createdAt.toISOString(),
});

/** The ledger, read newest first (the writes are in StockRepository, beside the change). */
export class MovementRepository {
  constructor(private readonly movements: MovementModel) {}

  async list(orgId: string, query: MovementQuery, page: Page): Promise<List<StockMovement>> {
    const filter: Record<string, unknown> = { orgId };
    if (query.variantId) filter.variantId = query.variantId;
    if (query.warehouseId) filter.warehouseId = query.warehouseId;
    if (query.type) filter.type = query.type;
    const [docs, total] = await Promise.all([
      this.movements
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip(page.offset)
        .limit(page.limit)
        .lean<MovementDoc[]>(),
      this.movements.countDocuments(filter),
    ]);
    return { data: docs.map(toMovement), total, limit: page.limit, offset: page.offset };
  }
}
