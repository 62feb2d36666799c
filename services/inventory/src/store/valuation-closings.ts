import type { StockPosition } from '../domain/stock-position';
import { packPositions, unpackPositions } from '../domain/valuation-day';
import type { valuationClosingModel } from './valuation-day.model';

/** Positions in one closing row: a row stays far below the store's 16 MB whatever the stock. */
const POSITIONS_A_PART = 20_000;

/**
 * The stock at the end of each closed month (`stock_valuation_closings`): every variant and
 * warehouse's quantity and value, in parts. A report as of a moment starts from the last one
 * before it and adds the closed days after it, so it reads at most a month of days whatever the
 * ledger's length. Trusted as the days are: up to the organization's `through` (valuation-days.ts).
 */
export class ValuationClosings {
  constructor(private readonly closings: ReturnType<typeof valuationClosingModel>) {}

  /** The last closing on or before `day`: its day and positions; null when there is none. */
  async latest(orgId: string, day: string): Promise<{ day: string; positions: StockPosition[] } | null> {
    const last = await this.closings
      .findOne({ orgId, day: { $lte: day } }, { _id: 0, day: 1 })
      .sort({ day: -1 })
      .lean();
    if (!last) return null;
    const parts = await this.closings.find({ orgId, day: last.day }, { _id: 0, positions: 1 }).lean();
    return { day: last.day, positions: parts.flatMap((part) => unpackPositions(part.positions)) };
  }

  /** The stock at the end of `day`, written whole (parts of an earlier, larger one removed). */
  async write(orgId: string, day: string, positions: readonly StockPosition[]): Promise<void> {
    const held = positions.filter((p) => p.units !== 0 || p.cents !== 0);
    const parts = Math.max(1, Math.ceil(held.length / POSITIONS_A_PART));
    await this.closings.bulkWrite(
      Array.from({ length: parts }, (_, part) => {
        const _id = `${orgId}:${day}:${part}`;
        const slice = held.slice(part * POSITIONS_A_PART, (part + 1) * POSITIONS_A_PART);
        const replacement = { _id, orgId, day, part, positions: packPositions(slice) };
        return { replaceOne: { filter: { _id }, replacement, upsert: true } };
      }),
      { ordered: false, throwOnValidationError: true },
    );
    await this.closings.deleteMany({ orgId, day, part: { $gte: parts } });
  }
}
