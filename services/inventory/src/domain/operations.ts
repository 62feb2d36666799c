import { createHash } from 'node:crypto';
import type { AppliedOperation, StockLevel } from './stock-level';

/**
 * Operation keys applied to a variant are kept on its level document, written in the
 * same update as the stock change, so "applied" and "moved" can never disagree. The
 * window is bounded; older keys live on in the stock_operations collection.
 */
export const OPERATION_WINDOW = 200;

export type OperationKind = 'reserve' | 'release' | 'receive' | 'deduct';

/** A bin not named: the operation's own rule (receive: the primary bin, else Unassigned; deduct: the source). */
export const BIN_NOT_NAMED = '*';

/**
 * What an internal operation was asked to do: its key may come again only with the same, as a
 * replay; with anything else it is refused (a caller's bug, never a second move). `reason` is
 * not compared: a retry may word it otherwise.
 */
export interface OperationParams {
  kind: OperationKind;
  variantId: string;
  warehouseId: string;
  quantity: number;
  /** The bin named, null for Unassigned, `BIN_NOT_NAMED` when none was. */
  binId: string | null;
  /** Deduct only (null otherwise): whether the sale consumes the hold. */
  fromReserved: boolean | null;
}

export interface OperationInput {
  variantId: string;
  warehouseId: string;
  quantity: number;
  binId?: string | null;
  fromReserved?: boolean;
}

export const paramsOf = (kind: OperationKind, input: OperationInput): OperationParams => ({
  kind,
  variantId: input.variantId,
  warehouseId: input.warehouseId,
  quantity: input.quantity,
  binId: input.binId === undefined ? BIN_NOT_NAMED : input.binId,
  fromReserved: input.fromReserved ?? null,
});

const PARAMS = ['kind', 'variantId', 'warehouseId', 'quantity', 'binId', 'fromReserved'] as const;

/**
 * The parameters a record of the key holds that differ from the asked ones. A record written
 * before some of them were kept lacks them: only what it has is compared.
 */
export function differingParams(recorded: Partial<OperationParams>, asked: OperationParams) {
  return PARAMS.filter((p) => recorded[p] !== undefined && recorded[p] !== asked[p]).map((field) => ({
    field,
    was: recorded[field],
  }));
}

/** A short fingerprint of the parameters, kept beside the key on the level document. */
export const signatureOf = (p: OperationParams) =>
  createHash('sha256')
    .update(JSON.stringify(PARAMS.map((k) => p[k])))
    .digest('base64url')
    .slice(0, 16);

export const hasApplied = (level: StockLevel, key: string) => (level.operations ?? []).some((o) => o.key === key);

export const appliedAs = (level: StockLevel, key: string) => (level.operations ?? []).find((o) => o.key === key);

/** The window with `key` added (and its parameters' signature, for an internal operation). */
export function remember(level: StockLevel, key: string, at: Date, sig?: string): AppliedOperation[] {
  return [...(level.operations ?? []), sig === undefined ? { key, at } : { key, at, sig }].slice(-OPERATION_WINDOW);
}
