/*
 * Exact arithmetic of cents over quantities (integer units of 1/10,000). Products are taken in
 * BigInt: a value of 1e14 cents times 1e13 units is far past 2^53.
 */

const assertCents = (cents: number) => {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not whole cents: ${cents}`);
};

/**
 * `valueCents × part / whole`, rounded half up: what `part` units at the rate of `valueCents` for
 * `whole` units are worth. With 0 ≤ part ≤ whole and valueCents ≥ 0 it lies between 0 and
 * valueCents, and all of `whole` is all of the value, so what a take leaves never goes below 0.
 */
export function shareOfCents(valueCents: number, part: number, whole: number): number {
  assertCents(valueCents);
  if (valueCents < 0 || whole <= 0 || part < 0) throw new RangeError(`bad share ${part}/${whole} of ${valueCents}`);
  const [v, p, w] = [BigInt(valueCents), BigInt(part), BigInt(whole)];
  return Number((2n * v * p + w) / (2n * w));
}

/**
 * Splits `amountCents` (either sign) over integer weights in proportion, exactly: each part gets
 * the floor of its share of |amount|, the cents left go one at a time to the largest remainders
 * (ties to the earlier weight), and the sign is put back. The parts always sum to the amount.
 */
export function splitCents(amountCents: number, weights: readonly number[]): number[] {
  assertCents(amountCents);
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (total <= 0n || weights.some((w) => w < 0)) throw new RangeError('weights must be ≥ 0 with a positive total');
  const whole = BigInt(Math.abs(amountCents));
  const parts = weights.map((w, index) => ({
    index,
    floor: (whole * BigInt(w)) / total,
    remainder: (whole * BigInt(w)) % total,
  }));
  const leftover = Number(whole - parts.reduce((sum, p) => sum + p.floor, 0n));
  const extra = new Set(
    [...parts]
      .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))
      .slice(0, leftover)
      .map((p) => p.index),
  );
  const sign = amountCents < 0 ? -1 : 1;
  return parts.map((p) => sign * (Number(p.floor) + (extra.has(p.index) ? 1 : 0)) || 0);
}
