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

/** A part of a closing as read: its packed rows and how many parts the closing had when written. */
interface ClosingPart {
  rows?: StoredRows;
  positions?: string;
  parts?: number;
}

/**
 * Sums kept at the end of each closed month, in parts of packed rows: the stock
 * (`stock_valuation_closings`) and the cost of goods sold since the first day
 * (`stock_valuation_sales_closings`). A report starts from the last one on or before the day it
 * needs and adds the closed days after it, so it reads at most a month of days whatever the
 * ledger's length. The last closed day has one too when it ends no month (`latest`; writing a
 * closing removes every latest one of another day), so a report of now reads one closing and the
 * entries of today. Trusted as the days are: up to the organization's `through` (valuation-days.ts).
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

  /**
   * Each row of the closing of `day` into the sink; those of one second-column id (a warehouse) when
   * named. False, with nothing fed, when the closing is not whole: removed (a latest one replaced
   * since `lastBy` named it) or being rewritten; the caller asks `lastBy` again.
   */
  async feed(orgId: string, day: string, sink: S, onlySecond?: string): Promise<boolean> {
    const parts = await this.closings
      .find({ orgId, day }, { _id: 0, rows: 1, positions: 1, parts: 1 })
      .lean<ClosingPart[]>();
    if (!whole(parts)) return false;
    for (const part of parts) this.codec.each(part.rows ?? part.positions!, sink, onlySecond);
    return true;
  }

  /**
   * The sums at the end of `day`, written whole (parts of an earlier, larger one removed); `latest`
   * for the last closed day when it ends no month. Every latest closing of another day goes.
   */
  async write(orgId: string, day: string, rows: readonly R[], { latest = false } = {}): Promise<void> {
    const kept = rows.filter((row) => this.codec.keeps(row));
    const parts = Math.max(1, Math.ceil(kept.length / ROWS_A_PART));
    await this.closings.bulkWrite(
      Array.from({ length: parts }, (_, part) => {
        const _id = `${orgId}:${day}:${part}`;
        const slice = kept.slice(part * ROWS_A_PART, (part + 1) * ROWS_A_PART);
        const packed = storedOf(this.codec.pack(slice));
        const replacement = { _id, orgId, day, part, parts, ...(latest ? { latest } : {}), rows: packed };
        return { replaceOne: { filter: { _id }, replacement, upsert: true } };
      }),
      { ordered: false, throwOnValidationError: true },
    );
    await Promise.all([
      this.closings.deleteMany({ orgId, day, part: { $gte: parts } }),
      this.closings.deleteMany({ orgId, latest: true, day: { $ne: day } }),
    ]);
  }
}

/** Whether a closing's parts as read are all of one write: some, each counting as many as were read. */
const whole = (parts: readonly ClosingPart[]) =>
  parts.length > 0 && parts.every((part) => part.parts === undefined || part.parts === parts.length);
