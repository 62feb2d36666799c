import {
  toUnits,
  type ExportRows,
  type MovementPage,
  type MovementQuery,
  type Page,
  type StockMovement,
} from '@stockyard/contracts';
import { readPage, type OrgFilter } from '@stockyard/service-kit';
import { exportPage } from '@stockyard/service-kit/exports';
import type { MovementDoc, MovementModel } from './movement.model';

export const toMovement = ({ _id, orgId: _org, createdAt, ...fields }: MovementDoc): StockMovement => ({
  id: _id,
  ...fields,
  binId: fields.binId ?? null,
  reference: fields.reference ?? null,
  createdAt: createdAt.toISOString(),
});

/** GET /stock/movements' filters without its paging: an export's page filters by them. */
export type MovementFilters = Omit<MovementQuery, 'startingAfter' | 'includeTotal'>;

/** The organization's movements matching each filter given (every filter has its index). */
function movementFilter(orgId: string, query: MovementFilters): OrgFilter {
  const filter: OrgFilter = { orgId };
  if (query.variantId) filter.variantId = query.variantId;
  if (query.warehouseId) filter.warehouseId = query.warehouseId;
  if (query.type) filter.type = query.type;
  return filter;
}

/**
 * The ledger, read newest first (the writes are in StockRepository, beside the change). Each
 * filter has its index, `(orgId, <filter field>, createdAt, _id)` (movement.model.ts), which
 * gives the order too: a page reads about a page of index entries, on MongoDB and FerretDB.
 */
export class MovementRepository {
  constructor(private readonly movements: MovementModel) {}

  async list(orgId: string, query: MovementQuery, page: Page): Promise<MovementPage> {
    const { data, total, next } = await readPage(
      this.movements,
      {
        filter: movementFilter(orgId, query),
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

  /**
   * Units sold (SALE rows, out) per `<variantId>@<warehouseId>` from `since` to `until`, of these
   * variants (of one warehouse's): a range of the ledger's `(orgId, variantId, createdAt)` index per
   * variant, bounded by the window (our FerretDB build bounds no range by an `$in`: one query for
   * them all would read every sale of the window).
   */
  async soldUnits(orgId: string, variantIds: string[], since: Date, until: Date, warehouseId?: string) {
    const sold = new Map<string, number>();
    const reads = [...new Set(variantIds)].map((variantId) => {
      const filter: OrgFilter = { orgId, variantId, createdAt: { $gte: since, $lte: until }, type: 'SALE' };
      if (warehouseId) filter.warehouseId = warehouseId;
      return this.movements.find(filter, { _id: 0, variantId: 1, warehouseId: 1, quantity: 1 }).lean();
    });
    for (const row of (await Promise.all(reads)).flat()) {
      const key = `${row.variantId}@${row.warehouseId}`;
      sold.set(key, (sold.get(key) ?? 0) - toUnits(row.quantity));
    }
    return sold;
  }

  /**
   * An export's page of the ledger (issue #41): the list's filter, oldest first by `(createdAt, _id)`
   * (the list's indexes read backwards), each row as the list answers it.
   */
  exportPage(orgId: string, filters: MovementFilters, after: string | null, limit: number): Promise<ExportRows> {
    const toRow = (doc: Record<string, unknown>) => toMovement(doc as MovementDoc);
    return exportPage(this.movements.collection, movementFilter(orgId, filters), after, limit, toRow);
  }
}
