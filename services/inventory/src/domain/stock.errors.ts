import { errors } from './errors';

/**
 * Every error a stock level's rules raise, one factory per case: the codes partners branch
 * on (the README lists them; test/error-codes.spec.ts keeps the two in step).
 */

/** A location asked for more than it holds; `where` names it as the message should. */
export const insufficientStock = (where: string, held: number, quantity: number) =>
  errors.insufficient_stock(`${where} holds ${held}, less than ${quantity}`);

/** A change that would take a location's on hand below zero (binId null: the Unassigned location). */
export const onHandBelowZero = (warehouseId: string, binId: string | null, onHand: number, quantity: number) =>
  errors.insufficient_stock(
    `On hand at ${binId ? `bin ${binId}` : 'the Unassigned location'} of ${warehouseId} ` +
      `is ${onHand}; cannot remove ${quantity}`,
  );

export const sameWarehouse = () => errors.same_warehouse('Destination warehouse must differ from the source');

export const sameBin = () => errors.same_bin('toBinId must differ from fromBinId');

export const minAboveMax = (minQuantity: number, maxQuantity: number) =>
  errors.min_above_max(`minQuantity (${minQuantity}) is above maxQuantity (${maxQuantity})`);

export const duplicateCountLine = (variantId: string, binId: string | null) =>
  errors.duplicate_count_line(`Variant ${variantId} is counted twice at ${binId ?? 'Unassigned'}`);

export const insufficientAvailable = (warehouseId: string, available: number, quantity: number) =>
  errors.insufficient_available(`${warehouseId} has ${available} available, less than ${quantity}`);

export const insufficientReserved = (warehouseId: string, held: number, quantity: number) =>
  errors.insufficient_reserved(`${warehouseId} holds ${held} reserved, less than ${quantity}`);

/**
 * An operation key applied before with other parameters (kind, variant, warehouse, quantity, bin):
 * 409, never a second move. `differing` names what differs and what it was, when known.
 */
export const operationKeyReused = (key: string, differing: { field: string; was: unknown }[] = []) => {
  const named = differing.map((d) => ({ field: d.field, was: JSON.stringify(d.was) }));
  const what = named.length > 0 ? named.map((d) => `${d.field} ${d.was}`).join(', ') : 'other parameters';
  const details = named.map((d) => ({ field: d.field, code: 'operation_key_reused', message: `was ${d.was}` }));
  return errors.operation_key_reused(
    `operationKey ${key} was already used with ${what}`,
    details.length > 0 ? details : undefined,
  );
};

/** Stock named variants the catalog does not have (or has deleted); `details` names each, by its field. */
export const unknownVariant = (...unknown: { field: string; variantId: string }[]) =>
  errors.unknown_variant(
    unknown.length === 1
      ? `Variant ${unknown[0]!.variantId} is not a live variant of the catalog`
      : `${unknown.length} variants are not live variants of the catalog`,
    unknown.map((u) => ({ field: u.field, code: 'unknown_variant', message: u.variantId })),
  );
