import type { Page } from '@stockyard/contracts';
import { AggregateStore, type OutboxRelay } from '@stockyard/service-kit';
import { inParts } from '@stockyard/service-kit/store';
import { exportPage } from '@stockyard/service-kit/exports';
import type { CostPool } from '../domain/cost-layer';
import { binTerm, warehouseTerm } from '../domain/level-places';
import { comparePairs, type PairKey } from '../domain/reorder-levels';
import type { StockLevel } from '../domain/stock-level';
import type { Ledger } from './ledger';
import type { ReservedLedger } from './reserved-ledger';
import type { ValuationLedger } from './valuation-ledger';
import type { LevelPlaces } from './level-places';
import { stockLevelCodec } from './stock-level.codec';
import type { StockLevelModel } from './stock-level.model';

/** An export's filters of levels (contracts' EXPORT_SOURCES.stock_levels). */
export interface StockLevelFilters {
  warehouseId?: string;
  variantId?: string;
}

/** A page of (variant, warehouse) pairs with a stock row, and how many there are (`placePairs`). */
interface PlacePairs {
  keys: PairKey[];
  total: number;
}

/** Levels this process remembers (the most recently written), so a change usually skips its read. */
const KNOWN_LEVELS = 20_000;
/** Levels read by `_id` in one query (a read of a place's levels takes as many as it needs). */
const IDS_PER_READ = 1_000;
/** A warehouse's levels an export's page names by id; a warehouse with more pages through all the organization's. */
const EXPORT_CANDIDATES = 5_000;
/** What reads of many levels leave out: bookkeeping, and the cost pools (only a change reads them). */
const LIST = {
  outbox: 0,
  outboxPending: 0,
  outboxAt: 0,
  createdAt: 0,
  updatedAt: 0,
  operations: 0,
  costPools: 0,
  landedCosts: 0,
  costVariances: 0,
} as const;
/** What a read of the stock at cost takes of a level. */
const POOLS = { orgId: 1, variantId: 1, costPools: 1 } as const;

/**
 * Every write of a variant's stock: one document per variant (`<orgId>:<variantId>`), a
 * missing one being an empty level. The kit's store owns the lock, the version guard, the
 * retries, the outbox and the memory of the last level written, and keeps the level-place
 * index, the ledger, the valuation ledger and the reservation ledger with every write (its
 * projections).
 */
export const stockLevelStore = (
  model: StockLevelModel,
  relay: OutboxRelay,
  projections: { places: LevelPlaces; ledger: Ledger; valuations: ValuationLedger; reserved: ReservedLedger },
) =>
  new AggregateStore<StockLevel>(model, relay, {
    name: 'Stock level',
    documentId: (orgId, variantId) => `${orgId}:${variantId}`,
    initial: (orgId, variantId) => ({ orgId, variantId, locations: [], reserved: 0, version: 0 }),
    remember: KNOWN_LEVELS,
    codec: stockLevelCodec,
    projections: [projections.places, projections.ledger, projections.valuations, projections.reserved],
    // What a partner moved is on hand per place and what is held; the rest is kept from it and
    // recorded on its own: the cost in the valuation ledger (each entry names its cause), the
    // applied requests in the ledger, the reorder flag from the rows' points.
    audit: { ignoredFields: ['costPools', 'operations', 'hasReorderPoint'] },
  });
export type StockLevelStore = ReturnType<typeof stockLevelStore>;

/** Reads of stock levels, in the domain's words. */
export class StockRepository {
  constructor(
    private readonly levels: StockLevelStore,
    private readonly model: StockLevelModel,
    private readonly places: LevelPlaces,
  ) {}

  async find(orgId: string, variantId: string): Promise<StockLevel | null> {
    return (await this.levels.read(orgId, variantId)) ?? null;
  }

  /** The organization's levels of these variants (variants with none are left out). */
  async findMany(orgId: string, variantIds: string[]): Promise<StockLevel[]> {
    const ids = [...new Set(variantIds)].map((v) => `${orgId}:${v}`);
    const rows = await this.model.find({ _id: { $in: ids } }, LIST).lean<StockLevel[]>();
    return rows.filter((level) => level.orgId === orgId);
  }

  /**
   * Up to `limit` levels with a reorder point, in variant order from `from` (the index `{orgId,
   * hasReorderPoint, variantId}`: a page's range, never the organization's levels).
   */
  withReorderPoints(orgId: string, limit: number, from?: { variantId: string; inclusive: boolean }) {
    const filter: Record<string, unknown> = { orgId, hasReorderPoint: true };
    if (from) filter.variantId = { [from.inclusive ? '$gte' : '$gt']: from.variantId };
    return this.model.find(filter, LIST).sort({ variantId: 1 }).limit(limit).lean<StockLevel[]>();
  }

  /** The cost pools of these variants' levels, by variant (a variant with no level is left out). */
  async poolsOf(orgId: string, variantIds: string[]): Promise<Map<string, CostPool[]>> {
    const ids = [...new Set(variantIds)].map((v) => `${orgId}:${v}`);
    const rows = await this.model.find({ _id: { $in: ids } }, POOLS).lean<StockLevel[]>();
    return new Map(
      rows
        .filter((level) => level.orgId === orgId)
        .map((l) => [l.variantId, stockLevelCodec.decode(l as unknown as Record<string, unknown>).costPools ?? []]),
    );
  }

  /**
   * A page of the (variant, warehouse) pairs with a location row (even empty) in these warehouses,
   * in variant then warehouse order, and how many there are: each warehouse's rows of the
   * level-place index in variant order, counted by its index. One warehouse's page is a skip of
   * its range; several are merged from the first `offset + limit` of each. Never every level.
   */
  async placePairs(orgId: string, warehouseIds: readonly string[], page: Page): Promise<PlacePairs> {
    const one = warehouseIds.length === 1;
    const pages = await Promise.all(
      warehouseIds.map((w) =>
        this.places.page(orgId, warehouseTerm(w), one ? page.offset : 0, one ? page.limit : page.offset + page.limit),
      ),
    );
    const keys = warehouseIds
      .flatMap((warehouseId, i) => pages[i]!.refs.map((variantId) => ({ variantId, warehouseId })))
      .sort(comparePairs);
    return {
      keys: one ? keys : keys.slice(page.offset, page.offset + page.limit),
      total: pages.reduce((sum, p) => sum + p.total, 0),
    };
  }

  /**
   * Levels with any location (even empty) in the warehouse: the variant ids the level-place index
   * holds for it (a point of its `(orgId, term)` index), then those levels by `_id`, the exact
   * condition checked again. Bounded by the warehouse's own levels, not the organization's.
   */
  async inWarehouse(orgId: string, warehouseId: string): Promise<StockLevel[]> {
    const levels = await this.atPlace(orgId, warehouseTerm(warehouseId));
    return levels.filter((level) => level.locations.some((l) => l.warehouseId === warehouseId));
  }

  /** Levels with any location (even empty) in the bin, read like `inWarehouse`. */
  async withBin(orgId: string, binId: string): Promise<StockLevel[]> {
    const levels = await this.atPlace(orgId, binTerm(binId));
    return levels.filter((level) => level.locations.some((l) => l.binId === binId));
  }

  /**
   * An export's page of levels (issue #41): the organization's, of the variant or with a location in
   * the warehouse (the level-place index's variant ids, read again for each page; past
   * EXPORT_CANDIDATES, every level), up to `limit` level documents oldest first by `(createdAt, _id)`
   * after the kit's cursor. A page is of levels, not rows: the caller makes each level's rows, those
   * of the warehouse only (StockQueries.exportLevels).
   */
  async exportPage(orgId: string, filters: StockLevelFilters, after: string | null, limit: number) {
    const filter: Record<string, unknown> = { orgId };
    if (filters.variantId) filter.variantId = filters.variantId;
    else if (filters.warehouseId) {
      const hits = await this.places.holding(orgId, [warehouseTerm(filters.warehouseId)], EXPORT_CANDIDATES);
      if (hits.complete) filter._id = { $in: hits.refs.map((v) => `${orgId}:${v}`) };
    }
    const page = await exportPage(this.model.collection, filter, after, limit, (doc) => stockLevelCodec.decode(doc));
    return { levels: page.rows, next: page.next };
  }

  private async atPlace(orgId: string, term: string): Promise<StockLevel[]> {
    const ids = (await this.places.holding(orgId, [term])).refs.map((v) => `${orgId}:${v}`);
    const read = (part: string[]) => this.model.find({ _id: { $in: part } }, LIST).lean<StockLevel[]>();
    return (await inParts(ids, IDS_PER_READ, read)).filter((level) => level.orgId === orgId);
  }
}
