import { toUnits } from '@stockyard/contracts';
import { COGS_KINDS, type SoldEntry } from '../domain/cogs-report';
import type { StockPosition } from '../domain/stock-position';
import type { valuationEntryModel } from './valuation-entry.model';

type ValuationEntryModel = ReturnType<typeof valuationEntryModel>;

/** What a sum needs of a row. */
const SUMMED = { _id: 0, variantId: 1, warehouseId: 1, quantity: 1, valueCents: 1 } as const;

interface SummedRow {
  variantId: string;
  warehouseId: string;
  quantity: number;
  valueCents: number;
}

/** What the cost of goods sold needs of a row. */
const SOLD = {
  _id: 0,
  variantId: 1,
  kind: 1,
  at: 1,
  quantity: 1,
  cogsCents: 1,
  channelId: 1,
  revenueCents: 1,
} as const;

/**
 * The reads of a period's cost of goods sold, each a range of an index (valuation-entry.model.ts):
 * one per kind that charges it, or, for one sales channel, its sales.
 */
export const soldFilters = (orgId: string, from: Date, to: Date, channelId?: string) => {
  const at = { $gte: from, $lte: to };
  return channelId ? [{ orgId, channelId, at }] : COGS_KINDS.map((kind) => ({ orgId, kind, at }));
};

/** The positions the rows add up to, per variant and warehouse (quantities summed in integer units). */
async function sumRows(rows: AsyncIterable<SummedRow>): Promise<StockPosition[]> {
  const positions = new Map<string, StockPosition>();
  for await (const row of rows) {
    const key = `${row.variantId}\u0000${row.warehouseId}`;
    const position = positions.get(key) ?? {
      variantId: row.variantId,
      warehouseId: row.warehouseId,
      units: 0,
      cents: 0,
    };
    position.units += toUnits(row.quantity);
    position.cents += row.valueCents;
    positions.set(key, position);
  }
  return [...positions.values()];
}

/**
 * Reads of the valuation ledger (`stock_valuation_entries`). The stock as of a moment is the sum
 * of the entries dated up to it, per variant and warehouse: every entry is a signed change of
 * quantity and value, so the sum counts each movement dated by then once, whatever order two
 * racing writes were dated in (the last row's `quantityAfter` would not: a write that lost a race
 * keeps the moment its request began, so it may be dated before the row it follows).
 */
export class ValuationReads {
  constructor(private readonly entries: ValuationEntryModel) {}

  /** Whether the organization's stock has a valuation entry (it has then been valued in its currency). */
  async any(orgId: string): Promise<boolean> {
    return (await this.entries.findOne({ orgId }, { _id: 1 }).lean()) !== null;
  }

  /** The organization's stock (one warehouse's) as of `at`, per variant and warehouse ({orgId, [warehouseId,] at}). */
  positionsAsOf(orgId: string, at: Date, warehouseId?: string): Promise<StockPosition[]> {
    const filter = warehouseId ? { orgId, warehouseId, at: { $lte: at } } : { orgId, at: { $lte: at } };
    return sumRows(this.entries.find(filter, SUMMED).lean<SummedRow[]>().cursor());
  }

  /** The entries that charged cost of goods sold from `from` to `to` (both included); of one channel's sales. */
  async sold(orgId: string, from: Date, to: Date, channelId?: string): Promise<SoldEntry[]> {
    const reads = soldFilters(orgId, from, to, channelId).map((f) => this.entries.find(f, SOLD).lean<SoldEntry[]>());
    return (await Promise.all(reads)).flat();
  }

  /** One variant's stock as of `at`, per warehouse. */
  variantAsOf(orgId: string, variantId: string, at: Date): Promise<StockPosition[]> {
    const filter = { orgId, variantId, at: { $lte: at } };
    return sumRows(this.entries.find(filter, SUMMED).lean<SummedRow[]>().cursor());
  }
}
