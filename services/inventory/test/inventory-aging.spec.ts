import { ageInDays, agingOf } from '../src/domain/inventory-aging';
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
    const buckets = agingOf([pool([0, 30, 31, 60, 61, 90, 91, 180, 181])], NOW).buckets;
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
    expect(agingOf([opening], NOW).buckets.at(-1)).toMatchObject({ bucket: '181+', quantity: 1, value: 0 });
  });

  it('totals every pool’s layers exactly', () => {
    expect(agingOf([pool([1, 2]), pool([400], 'MOVING_AVERAGE')], NOW)).toMatchObject({
      totalQuantity: 3,
      totalValue: 3,
    });
  });
});
