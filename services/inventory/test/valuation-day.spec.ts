import fc from 'fast-check';
import { channelOf, sumCogs, type SoldEntry } from '../src/domain/cogs-report';
import type { StockPosition } from '../src/domain/stock-position';
import {
  closableThrough,
  DayFold,
  firstDayFrom,
  lastDayEndedBy,
  packDay,
  unpackSold,
  type DayEntry,
} from '../src/domain/valuation-day';
import { COGS_KINDS } from '../src/domain/cogs-report';
import { positionsOf } from '../src/domain/packed-positions';
import { VALUATION_KINDS } from '../src/domain/valuation-entry';

const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03'];
const START = Date.parse('2026-03-01T00:00:00.000Z');

const entryArb: fc.Arbitrary<DayEntry> = fc.record({
  variantId: fc.constantFrom('var_a', 'var_b'),
  warehouseId: fc.constantFrom('wh_1', 'wh_2'),
  kind: fc.constantFrom(...VALUATION_KINDS),
  at: fc.integer({ min: 0, max: 3 * 86_400_000 - 1 }).map((ms) => new Date(START + ms)),
  quantity: fc.integer({ min: -50_000, max: 50_000 }).map((units) => units / 10_000),
  valueCents: fc.integer({ min: -10_000, max: 10_000 }),
  cogsCents: fc.integer({ min: -10_000, max: 10_000 }),
  channelId: fc.constantFrom(undefined, null, 'ch_web', 'ch_pos'),
  revenueCents: fc.option(fc.integer({ min: -10_000, max: 10_000 })),
});

/** Positions as a map of `variant/warehouse` to `[units, cents]`, zero positions left out. */
function positionsMap(positions: readonly StockPosition[]) {
  const sums = new Map<string, [number, number]>();
  for (const p of positions) {
    const key = `${p.variantId}/${p.warehouseId}`;
    const [u, c] = sums.get(key) ?? [0, 0];
    sums.set(key, [u + p.units, c + p.cents]);
  }
  return new Map([...sums].filter(([, [u, c]]) => u !== 0 || c !== 0));
}

const rawPositions = (entries: readonly DayEntry[]) =>
  entries.map((e) => ({
    variantId: e.variantId,
    warehouseId: e.warehouseId,
    units: Math.round(e.quantity * 10_000),
    cents: e.valueCents,
  }));

/** The days as the store gives them back: packed, then read. */
const throughStore = (entries: readonly DayEntry[]) => {
  const fold = new DayFold(DAYS);
  entries.forEach((e) => fold.add(e));
  return fold.days().map((day) => ({ day: day.day, ...packDay(day) }));
};

describe('a closed day of the valuation ledger', () => {
  it('adds up, through its packed rows, to what its entries add up to: stock per variant and warehouse', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 80 }), (entries) => {
        const days = throughStore(entries);
        expect(days.map((d) => d.day)).toEqual(DAYS);
        expect(positionsMap(days.flatMap((d) => positionsOf(d.positions)))).toEqual(
          positionsMap(rawPositions(entries)),
        );
      }),
    );
  });

  it('gives the same cost of goods sold, by variant, channel and day (its channel totals: by channel and day)', () => {
    const cogs = (e: DayEntry) => (COGS_KINDS as readonly string[]).includes(e.kind);
    const byDay = (e: SoldEntry) => e.at.toISOString().slice(0, 10);
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 80 }), (entries) => {
        const days = throughStore(entries);
        const sold = days.flatMap((d) => unpackSold(d.day, d.sold));
        const channels = days.flatMap((d) => unpackSold(d.day, d.channels));
        const raw = entries.filter(cogs);
        const byVariant = (e: SoldEntry) => e.variantId;
        expect(sumCogs(sold, byVariant)).toEqual(sumCogs(raw, byVariant));
        for (const sums of [sold, channels]) {
          expect(sumCogs(sums, channelOf)).toEqual(sumCogs(raw, channelOf));
          expect(sumCogs(sums, byDay)).toEqual(sumCogs(raw, byDay));
        }
      }),
    );
  });

  it('keeps a group whose entries cancel out, as the entries themselves make it', () => {
    const at = new Date('2026-03-02T10:00:00.000Z');
    const entries: DayEntry[] = [
      { variantId: 'var_a', warehouseId: 'wh_1', kind: 'LANDED_COST', at, quantity: 0, valueCents: 0, cogsCents: 300 },
      { variantId: 'var_a', warehouseId: 'wh_1', kind: 'LANDED_COST', at, quantity: 0, valueCents: 0, cogsCents: -300 },
    ];
    const days = throughStore(entries);
    const sold = days.flatMap((d) => unpackSold(d.day, d.sold));
    expect(sumCogs(sold, channelOf)).toEqual(sumCogs(entries, channelOf));
    const channels = days.flatMap((d) => unpackSold(d.day, d.channels));
    expect(sumCogs(channels, channelOf)).toEqual(sumCogs(entries, channelOf));
    expect(sumCogs(sold, channelOf)).toEqual([{ key: null, units: 0, revenueCents: 0, cogsCents: 0 }]);
  });

  it('reads the sales per variant of a day closed before they were packed (a JSON string)', () => {
    const legacy = JSON.stringify([['var_a', 'ch_web', 'SALE', -40_000, 800, 1500]]);
    expect(unpackSold('2026-03-02', legacy)).toEqual([
      {
        variantId: 'var_a',
        kind: 'SALE',
        at: new Date('2026-03-02T00:00:00.000Z'),
        quantity: -4,
        cogsCents: 800,
        channelId: 'ch_web',
        revenueCents: 1500,
        summed: true,
      },
    ]);
  });

  it('is closed only once it ended longer ago than the margin', () => {
    const margin = 10 * 60_000;
    expect(closableThrough(new Date('2026-03-02T00:09:59.999Z'), margin)).toBe('2026-02-28');
    expect(closableThrough(new Date('2026-03-02T00:10:00.000Z'), margin)).toBe('2026-03-01');
  });

  it('counts in a period or an as-of only when it lies wholly inside it', () => {
    expect(lastDayEndedBy(new Date('2026-03-02T23:59:59.999Z'))).toBe('2026-03-02');
    expect(lastDayEndedBy(new Date('2026-03-02T23:59:59.998Z'))).toBe('2026-03-01');
    expect(firstDayFrom(new Date('2026-03-02T00:00:00.000Z'))).toBe('2026-03-02');
    expect(firstDayFrom(new Date('2026-03-02T00:00:00.001Z'))).toBe('2026-03-03');
  });
});
