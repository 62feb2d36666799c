import { largestRemainder, type Share } from '../src/domain/allocation';
import { computeAllocations } from '../src/domain/landed-cost';

const shares = (...weights: number[]): Share[] => weights.map((w, i) => ({ key: `l${i}`, rank: i, weight: BigInt(w) }));
const values = (m: Map<string, number>) => [...m.values()];
const sum = (m: Map<string, number>) => values(m).reduce((a, b) => a + b, 0);

/** A small deterministic generator, so a failure repeats. */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

describe('largest-remainder allocation in integer cents', () => {
  it('hands the leftover cents to the largest remainders, ties to the earlier line', () => {
    expect(values(largestRemainder(100, shares(1, 1, 1)))).toEqual([34, 33, 33]);
    expect(values(largestRemainder(1000, shares(2, 1, 1)))).toEqual([500, 250, 250]);
    expect(values(largestRemainder(10, shares(1, 2, 3)))).toEqual([2, 3, 5]);
    expect(values(largestRemainder(1, shares(0, 5, 5)))).toEqual([0, 1, 0]);
  });

  it('always sums exactly to the amount', () => {
    const next = random(7);
    for (let run = 0; run < 500; run++) {
      const weights = Array.from({ length: 1 + Math.floor(next() * 40) }, () => Math.floor(next() * 1e9));
      if (!weights.some((w) => w > 0)) weights[0] = 1;
      const amount = Math.floor(next() * 1e9);
      const parts = largestRemainder(amount, shares(...weights));
      expect(sum(parts)).toBe(amount);
      for (const part of parts.values()) expect(Number.isInteger(part) && part >= 0).toBe(true);
    }
  });

  it('does not depend on the order the lines come in', () => {
    const next = random(11);
    for (let run = 0; run < 100; run++) {
      const list = shares(...Array.from({ length: 12 }, () => Math.floor(next() * 7)), 1);
      const amount = Math.floor(next() * 100_000);
      const shuffled = [...list].sort(() => next() - 0.5);
      expect(Object.fromEntries(largestRemainder(amount, shuffled))).toEqual(
        Object.fromEntries(largestRemainder(amount, list)),
      );
    }
  });

  it('refuses a zero base with 422 allocation_base_zero, never splitting evenly', () => {
    expect(() => largestRemainder(100, shares(0, 0))).toThrow(
      expect.objectContaining({ status: 422, code: 'allocation_base_zero' }),
    );
    expect(() => largestRemainder(100, [])).toThrow(expect.objectContaining({ code: 'allocation_base_zero' }));
  });

  it('allocates over an order by received value, quantity or weight; lines with nothing received get 0', () => {
    const line = (id: string, variantId: string, receivedQuantity: number, unitCost: number) => ({
      id,
      variantId,
      sku: null,
      supplierSku: null,
      quantity: 10,
      receivedQuantity,
      unitCost,
      expectedAt: null,
      reservationIds: [],
    });
    const po = {
      id: 'po_1',
      orderNumber: 'PO-1',
      status: 'PARTIALLY_RECEIVED' as const,
      type: 'STANDARD' as const,
      channelId: 'src_1',
      warehouseId: 'wh_1',
      currency: 'EUR',
      expectedAt: null,
      deletedAt: null,
      lines: [line('a', 'v1', 2, 10), line('b', 'v2', 1, 5), line('c', 'v3', 0, 1)],
    };
    const weights = new Map<string, number | null>([
      ['v1', 0.5],
      ['v2', 3],
      ['v3', 1],
    ]);
    const amounts = (method: 'BY_VALUE' | 'BY_QUANTITY' | 'BY_WEIGHT') =>
      computeAllocations(100, po, method, weights).map((a) => a.amount);
    expect(amounts('BY_VALUE')).toEqual([80, 20, 0]);
    expect(amounts('BY_QUANTITY')).toEqual([66.67, 33.33, 0]);
    expect(amounts('BY_WEIGHT')).toEqual([25, 75, 0]);
    expect(() => computeAllocations(100, po, 'BY_WEIGHT', new Map())).toThrow(
      expect.objectContaining({ code: 'allocation_base_zero' }),
    );
  });

  it('sums exactly over a 500-line order', () => {
    const list = Array.from({ length: 500 }, (_, i) => ({
      key: `l${i}`,
      rank: i,
      weight: BigInt(1 + ((i * 7919) % 997) * 10_000),
    }));
    expect(sum(largestRemainder(123_456_789, list))).toBe(123_456_789);
  });
});
