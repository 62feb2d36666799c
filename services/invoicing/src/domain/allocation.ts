import { errors } from './errors';

/** One part of a split: its key, its place (ties go to the earlier place), its exact integer weight. */
export interface Share {
  key: string;
  rank: number;
  weight: bigint;
}

const allocationBaseZero = (what: string) => errors.allocation_base_zero(`Nothing to allocate by: ${what} is 0`);

/**
 * Splits `amount` integer cents over the shares in proportion to their weights, exactly: each
 * share gets the floor of its part, then the cents left over go one at a time to the largest
 * remainders (ties by rank, then key), so the parts always sum to `amount` and do not depend on the
 * order the shares come in. A zero total weight is refused (`what` names it), never split evenly.
 */
export function largestRemainder(amount: number, shares: readonly Share[], what = 'the base'): Map<string, number> {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`amount must be whole cents ≥ 0: ${amount}`);
  const total = shares.reduce((sum, s) => sum + s.weight, 0n);
  if (total <= 0n) throw allocationBaseZero(what);
  const whole = BigInt(amount);
  const parts = shares.map((share) => ({
    share,
    floor: (whole * share.weight) / total,
    remainder: (whole * share.weight) % total,
  }));
  const leftover = Number(whole - parts.reduce((sum, p) => sum + p.floor, 0n));
  const byRemainder = [...parts].sort(
    (a, b) =>
      (a.remainder === b.remainder ? 0 : a.remainder > b.remainder ? -1 : 1) ||
      a.share.rank - b.share.rank ||
      (a.share.key < b.share.key ? -1 : a.share.key > b.share.key ? 1 : 0),
  );
  const extra = new Set(byRemainder.slice(0, leftover).map((p) => p.share.key));
  return new Map(parts.map((p) => [p.share.key, Number(p.floor) + (extra.has(p.share.key) ? 1 : 0)]));
}
