import { fromUnits } from '@stockyard/contracts';
import { poolQuantity, poolValue, type CostPool } from './cost-layer';

/**
 * What changed the value of stock. The movement kinds mirror the movement types; OPENING brings in
 * stock that had no layer (costing began after it came in); LANDED_COST and COST_VARIANCE are a
 * landed cost's or a matched invoice's cost variance allocated to a line.
 */
export const VALUATION_KINDS = [
  'OPENING',
  'RECEIPT',
  'ADJUSTMENT',
  'COUNT',
  'SALE',
  'RETURN',
  'TRANSFER_OUT',
  'TRANSFER_IN',
  'LANDED_COST',
  'COST_VARIANCE',
] as const;
export type ValuationKind = (typeof VALUATION_KINDS)[number];

/** The fact an entry came from: a stock movement, a landed cost's or an invoice line's allocation to a line. */
export interface ValuationCause {
  type: 'movement' | 'landed_cost' | 'invoice_line' | 'opening';
  id: string;
}

/** When and why: every operation of the engine is given one. */
export interface CostContext {
  cause: ValuationCause;
  at: Date;
}

/** What a SALE sold (the deduct's `sale`): its order, sales channel and revenue in cents (a RETURN's: negative). */
export interface EntrySale {
  orderId: string;
  channelId: string;
  revenueCents: number;
}

/**
 * One change of one warehouse's stock value, in whole cents. `valueCents` is the change of the
 * stock's value; `cogsCents` what it charged to cost of goods sold (a SALE's cost, a RETURN's
 * reversal, the part of a landed cost or variance that fell on goods already sold). The pool's
 * quantity and value after it are kept, so the value as of a date is the last entry before it.
 */
export interface ValuationEntry {
  kind: ValuationKind;
  warehouseId: string;
  /** Signed change of the quantity on hand (0 for a landed cost or variance). */
  quantity: number;
  valueCents: number;
  cogsCents: number;
  quantityAfter: number;
  valueAfterCents: number;
  cause: ValuationCause;
  at: Date;
  /** A SALE's sale, when its deduct named one. */
  sale?: EntrySale;
}

/** What an operation on one pool gives back: the pool after it and its entries, in order. */
export interface CostChange {
  pool: CostPool;
  entries: ValuationEntry[];
}

interface EntryFields {
  kind: ValuationKind;
  quantityUnits: number;
  valueCents: number;
  cogsCents?: number;
}

/** The entry of a change that left `after` (its quantity and value after it are read from there). */
export const entryOf = (after: CostPool, fields: EntryFields, context: CostContext): ValuationEntry => ({
  kind: fields.kind,
  warehouseId: after.warehouseId,
  quantity: fromUnits(fields.quantityUnits),
  valueCents: fields.valueCents,
  cogsCents: fields.cogsCents ?? 0,
  quantityAfter: poolQuantity(after),
  valueAfterCents: poolValue(after),
  cause: context.cause,
  at: context.at,
});
