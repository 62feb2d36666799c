import type { MovementPage, MovementQuery, Page, StockMovement } from '@stockyard/contracts';
import { AppError, decodeCursor, keysetAfter, pageWithNext } from '@stockyard/service-kit';
import type { MovementDoc, MovementModel } from './movement.model';

const toMovement = ({ _id, orgId: _org, createdAt, ...fields }: MovementDoc): StockMovement => ({
  id: _id,
  ...fields,
  binId: fields.binId ?? null,
  reference: fields.reference ?? null,
  createdAt: createdAt.toISOString(),
});

/**
 * The ledger, read newest first (the writes are in StockRepository, beside the change). Each
 * filter has its index, `(orgId, <filter field>, createdAt, _id)` (movement.model.ts), which
 * gives the order too: a page reads about a page of index entries, on MongoDB and FerretDB.
 */
export class MovementRepository {
  constructor(private readonly movements: MovementModel) {}

  async list(orgId: string, query: MovementQuery, page: Page): Promise<MovementPage> {
    const filter: Record<string, unknown> = { orgId };
    if (query.variantId) filter.variantId = query.variantId;
    if (query.warehouseId) filter.warehouseId = query.warehouseId;
    if (query.type) filter.type = query.type;
    if (query.startingAfter && page.offset > 0) {
      throw new AppError('bad_request', 'Invalid query', 'validation_failed', [
        { field: 'startingAfter', code: 'conflict', message: 'give either offset or startingAfter, not both' },
      ]);
    }
    const after = query.startingAfter ? decodeCursor(query.startingAfter) : undefined;
    const includeTotal = query.includeTotal ?? !after;
    const [docs, total] = await Promise.all([
      this.movements
        .find(after ? { ...filter, ...keysetAfter(after, -1) } : filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip(page.offset)
        .limit(page.limit + 1) // one more tells whether a next page exists
        .lean<MovementDoc[]>(),
      includeTotal ? this.movements.countDocuments(filter) : undefined,
    ]);
    const { rows, next } = pageWithNext(docs, page.limit, (d) => ({ at: d.createdAt, id: d._id }));
    return {
      data: rows.map(toMovement),
      ...(total === undefined ? {} : { total }),
      limit: page.limit,
      offset: page.offset,
      next,
    };
  }
}
