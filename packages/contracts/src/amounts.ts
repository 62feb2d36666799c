import { z } from 'zod';

/**
 * The bounds every quantity and money field of the API shares, so a number that would
 * overflow a sum (1e308) or carry more precision than the books keep is a 400, never a 500.
 */
export const MAX_QUANTITY = 1_000_000_000;
export const QUANTITY_DECIMALS = 4;
export const MAX_MONEY = 1_000_000_000_000;
export const MONEY_DECIMALS = 2;

/**
 * Whether a number has at most `decimals` decimals, up to the noise of binary floating point
 * (0.1 + 0.2 is 0.3): the tolerance is a few units in the last place of the scaled value, so
 * 1e-11 or 1e-320 is refused rather than taken as 0 (issue #30: a movement of quantity 0, a
 * price that rounded to 0 cents).
 */
export const hasAtMostDecimals = (value: number, decimals: number) => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) <= Math.abs(scaled) * 4 * Number.EPSILON;
};

/** The number at exactly `decimals` decimals (0.30000000000000004 → 0.3), as it is stored. */
const toDecimals = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** A quantity: finite, |q| ≤ 1e9, at most 4 decimals (stored at exactly those). */
export const quantity = () =>
  z
    .number()
    .finite()
    .min(-MAX_QUANTITY, `must be at least -${MAX_QUANTITY}`)
    .max(MAX_QUANTITY, `must be at most ${MAX_QUANTITY}`)
    .refine((v) => hasAtMostDecimals(v, QUANTITY_DECIMALS), `at most ${QUANTITY_DECIMALS} decimals`)
    .transform((v) => toDecimals(v, QUANTITY_DECIMALS));

/** A quantity above zero. */
export const positiveQuantity = () => quantity().refine((v) => v > 0, 'must be greater than 0');
/** A quantity of zero or more. */
export const nonNegativeQuantity = () => quantity().refine((v) => v >= 0, 'must be 0 or more');

/** An amount of money: finite, |m| ≤ 1e12, at most 2 decimals (stored at exactly those). */
export const money = () =>
  z
    .number()
    .finite()
    .min(-MAX_MONEY, `must be at least -${MAX_MONEY}`)
    .max(MAX_MONEY, `must be at most ${MAX_MONEY}`)
    .refine((v) => hasAtMostDecimals(v, MONEY_DECIMALS), `at most ${MONEY_DECIMALS} decimals`)
    .transform((v) => toDecimals(v, MONEY_DECIMALS));

/** A price or cost: money of zero or more. */
export const nonNegativeMoney = () => money().refine((v) => v >= 0, 'must be 0 or more');

/*
 * Exact arithmetic of these amounts: money in integer cents, quantities in integer units of
 * 1/10,000 (they have at most 4 decimals), products of the two rounded half away from zero to
 * the cent. Sums and differences of stored amounts carry no float noise.
 */
export const QUANTITY_SCALE = 10 ** QUANTITY_DECIMALS;

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

/** The sum of quantities, exactly. */
export const addQuantities = (...qs: number[]) => fromUnits(qs.reduce((sum, q) => sum + toUnits(q), 0));

/** a − b of two quantities, exactly. */
export const subtractQuantities = (a: number, b: number) => fromUnits(toUnits(a) - toUnits(b));
