import type { PackedRows } from '../domain/packed-rows';
import { storedOf, type StoredRows } from './stored-positions';
import type { monthClosingModel } from './valuation-day.model';

/** Rows in one closing row: a row stays far below the store's 16 MB whatever the stock. */
const ROWS_A_PART = 20_000;

/** How a kind of closing keeps its rows: which are worth keeping, packed, and read back into a sink. */
export interface ClosingCodec<R, S> {
  keeps(row: R): boolean;
  pack(rows: readonly R[]): PackedRows;
  /** Rows written before closings were packed are a JSON string (the stock's only). */
  each(stored: StoredRows | string, sink: S, onlySecond?: string): void;
}

/**
 * Sums kept at the end of each closed month, in parts of packed rows: the stock
 * (`stock_valuation_closings`) and the cost of goods sold since the first day
 * (`stock_valuation_sales_closings`). A report starts from the last one on or before the day it
 * needs and adds the closed days after it, so it reads at most a month of days whatever the
 * ledger's length. Trusted as the days are: up to the organization's `through` (valuation-days.ts).
 */
export class MonthClosings<R, S> {
  constructor(
    private readonly closings: ReturnType<typeof monthClosingModel>,
    private readonly codec: ClosingCodec<R, S>,
  ) {}

  /** The day of the last closing on or before `day`; null when there is none. */
  async lastBy(orgId: string, day: string): Promise<string | null> {
    const last = await this.closings
      .findOne({ orgId, day: { $lte: day } }, { _id: 0, day: 1 })
      .sort({ day: -1 })
      .lean();
    return last?.day ?? null;
  }

  /** Each row of the closing of `day` into the sink; those of one second-column id (a warehouse) when named. */
  async feed(orgId: string, day: string, sink: S, onlySecond?: string): Promise<void> {
    const parts = await this.closings
      .find({ orgId, day }, { _id: 0, rows: 1, positions: 1 })
      .lean<{ rows?: StoredRows; positions?: string }[]>();
    for (const part of parts) this.codec.each(part.rows ?? part.positions!, sink, onlySecond);
  }

  /** The sums at the end of `day`, written whole (parts of an earlier, larger one removed). */
  async write(orgId: string, day: string, rows: readonly R[]): Promise<void> {
    const kept = rows.filter((row) => this.codec.keeps(row));
    const parts = Math.max(1, Math.ceil(kept.length / ROWS_A_PART));
    await this.closings.bulkWrite(
      Array.from({ length: parts }, (_, part) => {
        const _id = `${orgId}:${day}:${part}`;
        const slice = kept.slice(part * ROWS_A_PART, (part + 1) * ROWS_A_PART);
        const replacement = { _id, orgId, day, part, rows: storedOf(this.codec.pack(slice)) };
        return { replaceOne: { filter: { _id }, replacement, upsert: true } };
      }),
      { ordered: false, throwOnValidationError: true },
    );
    await this.closings.deleteMany({ orgId, day, part: { $gte: parts } });
  }
}
