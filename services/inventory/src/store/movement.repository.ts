import type { MovementPage, MovementQuery, Page, StockMovement } from '@stockyard/contracts';
import { readPage, type OrgFilter } from '@stockyard/service-kit';
import type { MovementDoc, MovementModel } from './movement.model';

export const toMovement = ({ _id, orgId: _org, createdAt, ...fields }: MovementDoc): StockMovement => ({
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
    const filter: OrgFilter = { orgId };
    if (query.variantId) filter.variantId = query.variantId;
    if (query.warehouseId) filter.warehouseId = query.warehouseId;
    if (query.type) filter.type = query.type;
    const { data, total, next } = await readPage(
      this.movements,
      {
        filter,
        sort: { createdAt: -1, _id: -1 },
        page,
        startingAfter: query.startingAfter,
        withTotal: query.includeTotal,
      },
      (doc) => toMovement(doc as unknown as MovementDoc),
    );
    return {
      data,
      ...(total === undefined ? {} : { total }),
      limit: page.limit,
      offset: page.offset,
      next: next ?? null,
    };
  }
}
