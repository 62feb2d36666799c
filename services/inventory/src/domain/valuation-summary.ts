import type { ValuationEntry, ValuationKind } from './valuation-entry';

/** A period's entries by what they mean to finance, in cents. */
interface ValuationSummary {
  /** Stock found without layers when costing met it (OPENING). */
  opening: number;
  receipts: number;
  /** Landed costs and invoice cost variances allocated, whole: the part into stock and the part sold. */
  landedAndVariances: number;
  /** Cost of goods sold: sales, less returns, plus the sold part of landed costs and variances. */
  cogs: number;
  /** Adjusts in and out. */
  adjustments: number;
  counts: number;
  /** Transfers in less transfers out: 0 over all of a variant's warehouses. */
  transfers: number;
}

type Bucket = Exclude<keyof ValuationSummary, 'cogs' | 'landedAndVariances'>;

const BUCKET: Partial<Record<ValuationKind, Bucket>> = {
  OPENING: 'opening',
  RECEIPT: 'receipts',
  ADJUSTMENT: 'adjustments',
  COUNT: 'counts',
  TRANSFER_IN: 'transfers',
  TRANSFER_OUT: 'transfers',
};

/**
 * Sums entries by kind. A sale or return counts by its cost of goods sold; a landed cost or
 * variance by its whole amount (into stock, and to cost of goods sold for the part sold); every
 * other kind by its change of value.
 */
export function summarizeValuation(entries: readonly ValuationEntry[]): ValuationSummary {
  const sums = { opening: 0, receipts: 0, landedAndVariances: 0, cogs: 0, adjustments: 0, counts: 0, transfers: 0 };
  for (const entry of entries) {
    const bucket = BUCKET[entry.kind];
    sums.cogs += entry.cogsCents;
    if (bucket) sums[bucket] += entry.valueCents;
    if (entry.kind === 'LANDED_COST' || entry.kind === 'COST_VARIANCE') {
      sums.landedAndVariances += entry.valueCents + entry.cogsCents;
    }
  }
  return sums;
}

/**
 * The reconciliation identity: the value at a period's end is its value at the start + opening
 * stock + receipts + landed costs and variances − cost of goods sold ± adjustments, counts and
 * transfers. Over the entries of any period, this equals the stock's value at its end.
 */
export const closingValue = (startCents: number, s: ValuationSummary): number =>
  startCents + s.opening + s.receipts + s.landedAndVariances - s.cogs + s.adjustments + s.counts + s.transfers;
