import { eachPosition, type PositionSink } from '../domain/packed-positions';
import type { PackedRows } from '../domain/packed-rows';

/**
 * Bytes as a row keeps them: base64 text (FerretDB v1 reads BSON binary at about twice the cost of
 * the text holding the same bytes: bench/README.md, session 29), or, in rows written before that,
 * a Binary (its value) or a Buffer.
 */
type StoredBytes = string | Uint8Array | { value(): Uint8Array };

/** Packed rows (domain/packed-rows.ts) as a row of the store keeps them. */
export type StoredRows = Omit<PackedRows, 'numbers'> & { numbers: StoredBytes };

/** Packed rows as a row of the store is written with them: their bytes as base64 text. */
export const storedOf = (packed: PackedRows): StoredRows => ({
  ids: packed.ids,
  numbers: Buffer.from(packed.numbers.buffer, packed.numbers.byteOffset, packed.numbers.byteLength).toString('base64'),
});

/** Rows as a read hands them to the domain: packed, or a JSON string as rows written before were. */
export const rowsOf = (stored: string | StoredRows): string | PackedRows =>
  typeof stored === 'string' ? stored : packedOf(stored);

export const packedOf = ({ ids, numbers }: StoredRows): PackedRows => ({
  ids,
  numbers:
    typeof numbers === 'string'
      ? Buffer.from(numbers, 'base64')
      : numbers instanceof Uint8Array
        ? numbers
        : numbers.value(),
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
