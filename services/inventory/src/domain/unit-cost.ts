import { fromCents, QUANTITY_SCALE } from '@stockyard/contracts';
import { shareOfCents } from './split-cents';

/**
 * What one unit of a quantity (in integer units of 1/10,000) worth `cents` costs, as money:
 * value / quantity to the cent, rounded half away from zero; null with nothing to divide by. It
 * is shown beside the exact value, never multiplied back.
 */
export function unitCostOf(cents: number, units: number): number | null {
  if (units <= 0) return null;
  const perUnit = shareOfCents(Math.abs(cents), QUANTITY_SCALE, units);
  return fromCents(cents < 0 ? -perUnit : perUnit);
}
