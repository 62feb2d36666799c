import { periodOf } from '../src/domain/as-of';
import {
  channelOf,
  cogsRow,
  cogsTotals,
  dayOf,
  marginPercentOf,
  sumCogs,
  type SoldEntry,
} from '../src/domain/cogs-report';
import { entrySaleOf, withSale } from '../src/domain/sale-entry';
import type { ValuationEntry } from '../src/domain/valuation-entry';

const at = (iso: string) => new Date(iso);
const entry = (fields: Partial<SoldEntry>): SoldEntry => ({
  variantId: 'var_1',
  kind: 'SALE',
  at: at('2026-03-01T10:00:00Z'),
  quantity: -1,
  cogsCents: 100,
  ...fields,
});

describe('cost of goods sold: the sums', () => {
  it('adds sales by channel, takes returns back, counts landed costs on goods sold under null', () => {
    const sums = sumCogs(
      [
        entry({ quantity: -3, cogsCents: 600, channelId: 'ch_b', revenueCents: 1500 }),
        entry({ quantity: -0.5, cogsCents: 101, channelId: 'ch_a', revenueCents: 333 }),
        entry({ kind: 'RETURN', quantity: 1, cogsCents: -200, channelId: 'ch_b', revenueCents: -500 }),
        entry({ kind: 'LANDED_COST', quantity: 0, cogsCents: 37 }),
        entry({ quantity: -2, cogsCents: 250 }), // an older deduct: no sale
        entry({ kind: 'LANDED_COST', quantity: 0, cogsCents: 0 }), // all on stock on hand: no group
      ],
      channelOf,
    );
    expect(sums).toEqual([
      { key: 'ch_a', units: 5_000, revenueCents: 333, cogsCents: 101 },
      { key: 'ch_b', units: 20_000, revenueCents: 1000, cogsCents: 400 },
      { key: null, units: 20_000, revenueCents: 0, cogsCents: 287 },
    ]);
    expect(sums.map(cogsRow)).toEqual([
      { key: 'ch_a', quantity: 0.5, revenue: 3.33, cogs: 1.01, grossMargin: 2.32, marginPercent: 69.67 },
      { key: 'ch_b', quantity: 2, revenue: 10, cogs: 4, grossMargin: 6, marginPercent: 60 },
      { key: null, quantity: 2, revenue: 0, cogs: 2.87, grossMargin: -2.87, marginPercent: null },
    ]);
    expect(cogsTotals(sums)).toEqual({
      totalQuantity: 4.5,
      totalRevenue: 13.33,
      totalCogs: 7.88,
      totalGrossMargin: 5.45,
      totalMarginPercent: 40.89,
    });
  });

  it('sums quantities in units and cents exactly (no float drift over many small sales)', () => {
    const many = Array.from({ length: 1000 }, () => entry({ quantity: -0.1, cogsCents: 1, revenueCents: 3 }));
    expect(sumCogs(many, dayOf)).toEqual([
      { key: '2026-03-01', units: 1_000_000, revenueCents: 3000, cogsCents: 1000 },
    ]);
  });

  it('groups days by the UTC date, in date order', () => {
    const sums = sumCogs(
      [entry({ at: at('2026-03-02T00:00:00Z') }), entry({ at: at('2026-03-01T23:59:59.999Z') })],
      dayOf,
    );
    expect(sums.map((s) => s.key)).toEqual(['2026-03-01', '2026-03-02']);
  });

  it('rounds the margin percent half away from zero, exactly for amounts past 2^53 / 10,000', () => {
    expect(marginPercentOf(1, 3)).toBe(33.33);
    expect(marginPercentOf(2, 3)).toBe(66.67);
    expect(marginPercentOf(-1, 8)).toBe(-12.5);
    expect(marginPercentOf(-1, 6)).toBe(-16.67);
    expect(marginPercentOf(5, 0)).toBeNull();
    expect(marginPercentOf(99_999_999_999_999, 100_000_000_000_000)).toBe(100);
    expect(marginPercentOf(-5, -10)).toBe(50);
  });
});

describe('cost of goods sold: a sale on its entry', () => {
  const sale = { orderId: 'ord_1', channelId: 'ch_1', unitPrice: 3.33 };

  it('prices the quantity sold at the line’s unit price, to the cent half away from zero', () => {
    expect(entrySaleOf(sale, 1.5)).toEqual({ orderId: 'ord_1', channelId: 'ch_1', revenueCents: 500 });
    expect(entrySaleOf({ ...sale, unitPrice: null }, 4).revenueCents).toBe(0);
    expect(entrySaleOf({ ...sale, unitPrice: -1.25 }, 2).revenueCents).toBe(-250);
  });

  it('goes on the SALE entry only, not the OPENING an out may make before it', () => {
    const cause = { type: 'movement' as const, id: 'mov_1' };
    const base = { warehouseId: 'wh_1', quantityAfter: 0, valueAfterCents: 0, cause, at: new Date() };
    const entries: ValuationEntry[] = [
      { ...base, kind: 'OPENING', quantity: 1, valueCents: 0, cogsCents: 0 },
      { ...base, kind: 'SALE', quantity: -1, valueCents: -100, cogsCents: 100 },
    ];
    const made = withSale({ events: [], valuations: entries }, sale, 1);
    expect(made.valuations!.map((e) => e.sale ?? null)).toEqual([
      null,
      { orderId: 'ord_1', channelId: 'ch_1', revenueCents: 333 },
    ]);
    expect(withSale({ events: [], valuations: entries }, undefined, 1).valuations).toBe(entries);
  });
});

describe('a report’s period', () => {
  const now = at('2026-03-31T15:00:00Z');

  it('is the last 30 days to now when left out; a date’s start and end; a date-time as given', () => {
    expect(periodOf({}, now)).toEqual({ from: at('2026-03-01T15:00:00Z'), to: now });
    expect(periodOf({ from: '2026-03-02', to: '2026-03-03' }, now)).toEqual({
      from: at('2026-03-02T00:00:00.000Z'),
      to: at('2026-03-03T23:59:59.999Z'),
    });
    expect(periodOf({ to: '2026-03-10T08:00:00+02:00' }, now)).toEqual({
      from: at('2026-02-08T06:00:00Z'),
      to: at('2026-03-10T06:00:00Z'),
    });
    expect(periodOf({ from: '2026-03-31' }, now).to).toEqual(now);
  });
});
