import type { StockLevel, StockLocation } from '../../src/domain/stock-level';

export const now = new Date('2026-01-01T00:00:00Z');
export const ids = (i: number) => `mov_${i}`;

export const level = (locations: StockLocation[], overrides: Partial<StockLevel> = {}): StockLevel => ({
  orgId: 'org_1',
  variantId: 'var_1',
  locations,
  reserved: 0,
  version: 1,
  ...overrides,
});

export const at = (warehouseId: string, binId: string | null, onHand: number): StockLocation => ({
  warehouseId,
  binId,
  onHand,
});

/** The AppError code a call throws. */
export function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return undefined;
}

/** The availability changes among a change's events, as [old, new] pairs. */
export const availability = (events: { name: string; payload: Record<string, unknown> }[]) =>
  events
    .filter((e) => e.name === 'inventory.availability_changed')
    .map((e) => [e.payload.oldAvailable, e.payload.newAvailable]);
