import { eachPosition, type PositionSink } from '../domain/packed-positions';
import type { PackedRows } from '../domain/packed-rows';

/** Bytes as the driver gives them back: a Binary (its value) or, when promoted, a Buffer. */
type StoredBytes = Uint8Array | { value(): Uint8Array };

/** Packed rows (domain/packed-rows.ts) as a row of the store gives them back. */
export type StoredRows = Omit<PackedRows, 'numbers'> & { numbers: StoredBytes };

/** Rows as a read hands them to the domain: packed, or a JSON string as rows written before were. */
export const rowsOf = (stored: string | StoredRows): string | PackedRows =>
  typeof stored === 'string' ? stored : packedOf(stored);

export const packedOf = (stored: StoredRows): PackedRows => ({
  ids: stored.ids,
  numbers: stored.numbers instanceof Uint8Array ? stored.numbers : stored.numbers.value(),
});

/**
 * A closed day's or month closing's positions as its row holds them (`positions`): packed, or, in
 * rows written before that, one JSON string of `[variantId, warehouseId, units, cents]` arrays, still read.
 */
export type StoredPositions = string | StoredRows;

/** Each position a row holds into the sink; only one warehouse's when named. */
export function eachStoredPosition(stored: StoredPositions, sink: PositionSink, warehouseId?: string): void {
  if (typeof stored !== 'string') return eachPosition(packedOf(stored), sink, warehouseId);
  for (const [variant, warehouse, units, cents] of JSON.parse(stored) as [string, string, number, number][]) {
    if (warehouseId === undefined || warehouse === warehouseId) sink(variant, warehouse, units, cents);
  }
}
