import type { AppliedOperation, StockLevel } from './stock-level';

/**
 * Operation keys applied to a variant are kept on its level document, written in the
 * same update as the stock change, so "applied" and "moved" can never disagree. The
 * window is bounded; older keys live on in the stock_operations collection.
 */
export const OPERATION_WINDOW = 200;

export const hasApplied = (level: StockLevel, key: string) => (level.operations ?? []).some((o) => o.key === key);

export function remember(level: StockLevel, key: string, at: Date): AppliedOperation[] {
  return [...(level.operations ?? []), { key, at }].slice(-OPERATION_WINDOW);
}
