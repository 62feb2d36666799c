/**
 * Exact arithmetic of money and quantities: money in integer cents, quantities in integer units
 * of 1/10,000 (they have at most 4 decimals), products of the two rounded half up to the cent.
 * Amounts leave as numbers with at most 2 decimals.
 */
export const QUANTITY_SCALE = 10_000;

export const toCents = (amount: number) => Math.round(amount * 100);
export const fromCents = (cents: number) => cents / 100;
export const toUnits = (quantity: number) => Math.round(quantity * QUANTITY_SCALE);
export const fromUnits = (units: number) => units / QUANTITY_SCALE;

/** quantity × unit price, in cents, rounded half away from zero. */
export function timesCents(quantity: number, unitCents: number): number {
  const exact = toUnits(quantity) * unitCents;
  const cents = Math.round(Math.abs(exact) / QUANTITY_SCALE);
  return exact < 0 ? -cents : cents;
}

export const sumCents = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0);

/** a − b of two quantities, exactly. */
export const subtractQuantities = (a: number, b: number) => fromUnits(toUnits(a) - toUnits(b));
