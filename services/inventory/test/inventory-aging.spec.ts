import { ageInDays, ageRowsOf, AgeSums, agingOf } from '../src/domain/inventory-aging';
import type { CostPool } from '../src/domain/cost-layer';

const DAY = 86_400_000;
const NOW = new Date('2026-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

const pool = (ages: number[], method: CostPool['method'] = 'FIFO'): CostPool => ({
  warehouseId: 'wh_a',
  method,
  layers: ages.map((age) => ({ quantity: 1, valueCents: 100, receivedAt: daysAgo(age), origin: null })),
});

describe('inventory aging', () => {
  it('puts each bucket’s last day in it and the next day in the next bucket', () => {
    const buckets = agingOf(ageRowsOf([pool([0, 30, 31, 60, 61, 90, 91, 180, 181])]), NOW).buckets;
    expect(buckets.map((b) => [b.bucket, b.quantity])).toEqual([
      ['0-30', 2],
      ['31-60', 2],
      ['61-90', 2],
      ['91-180', 2],
      ['181+', 1],
    ]);
  });

  it('counts whole days, a layer received after the moment as 0 days old, stock from before costing as 181+', () => {
    expect(ageInDays(new Date(NOW.getTime() - 30 * DAY - 1), NOW)).toBe(30);
    expect(ageInDays(new Date(NOW.getTime() + DAY), NOW)).toBe(0);
    const opening = { ...pool([0]), layers: [{ quantity: 1, valueCents: 0, receivedAt: new Date(0), origin: null }] };
    expect(agingOf(ageRowsOf([opening]), NOW).buckets.at(-1)).toMatchObject({ bucket: '181+', quantity: 1, value: 0 });
  });

  it('totals every pool’s layers exactly', () => {
    expect(agingOf(ageRowsOf([pool([1, 2]), pool([400], 'MOVING_AVERAGE')]), NOW)).toMatchObject({
      totalQuantity: 3,
      totalValue: 3,
    });
  });

  it('counts calendar days (UTC): a layer of 23:59 is a day old at 00:01', () => {
    expect(ageInDays(new Date('2026-06-29T23:59:00Z'), new Date('2026-06-30T00:01:00Z'))).toBe(1);
    expect(ageInDays(new Date('2026-06-30T00:00:00Z'), new Date('2026-06-30T23:59:59Z'))).toBe(0);
  });

  it('sums a level’s layers by warehouse and day, and ages one warehouse apart', () => {
    const other = { ...pool([5]), warehouseId: 'wh_b' };
    const rows = ageRowsOf([pool([5, 5, 40]), other]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['wh_a', expect.any(Number), 20_000, 200],
        ['wh_a', expect.any(Number), 10_000, 100],
        ['wh_b', expect.any(Number), 10_000, 100],
      ]),
    );
    expect(agingOf(rows, NOW, 'wh_b')).toMatchObject({ totalQuantity: 1, totalValue: 1 });
  });

  it('takes a level’s rows back out of the sums, dropping what reaches nothing', () => {
    const before = ageRowsOf([pool([5, 40])]);
    const after = ageRowsOf([pool([40])]);
    const sums = new AgeSums([...before, ...ageRowsOf([pool([100])])]);
    sums.add(before, -1);
    sums.add(after);
    const sorted = (rows: unknown[][]) => rows.map((r) => r.join()).sort();
    expect(sorted(sums.rows())).toEqual(sorted([...after, ...ageRowsOf([pool([100])])]));
    expect(agingOf(sums.rows(), NOW)).toMatchObject({ totalQuantity: 2, totalValue: 2 });
  });
});
