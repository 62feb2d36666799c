import fc from 'fast-check';
import { sumCogs, type SoldEntry } from '../src/domain/cogs-report';
import { eachSoldSum, packSoldSums, SoldSums } from '../src/domain/sold-sums';
import { COGS_KINDS } from '../src/domain/cogs-report';
import { CogsFold } from '../src/domain/cogs-fold';
import { inKeyOrder } from '../src/domain/key-order';

const DAYS = ['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02', '2026-02-03'];

/** A closed day's sold row (domain/valuation-day.ts): one variant, channel and kind on one day. */
const dayRowArb: fc.Arbitrary<SoldEntry> = fc.record({
  variantId: fc.constantFrom('var_a', 'var_b', 'var_c'),
  kind: fc.constantFrom(...COGS_KINDS),
  at: fc.constantFrom(...DAYS).map((day) => new Date(`${day}T00:00:00.000Z`)),
  quantity: fc.integer({ min: -50_000, max: 50_000 }).map((units) => units / 10_000),
  cogsCents: fc.integer({ min: -10_000, max: 10_000 }),
  channelId: fc.constantFrom(null, 'ch_web', 'ch_pos'),
  revenueCents: fc.integer({ min: -10_000, max: 10_000 }),
  summed: fc.constant(true),
});

const dayOf = (row: SoldEntry) => row.at.toISOString().slice(0, 10);
const byVariant = (row: SoldEntry) => row.variantId;

/** The rows up to `last` added up, through a packed closing as the store keeps it. */
function cumulative(rows: readonly SoldEntry[], last: string) {
  const sums = new SoldSums();
  SoldSums.feedDays(
    rows.filter((r) => dayOf(r) <= last),
    sums.add,
  );
  const closing = new SoldSums();
  eachSoldSum(packSoldSums(sums.sums()), closing.add);
  return closing;
}

describe('sales added up since the first day (a month closing of the sales)', () => {
  it('give, as the difference of two folded per variant, what the days between sold; any day row makes a group', () => {
    fc.assert(
      fc.property(
        fc.array(dayRowArb, { maxLength: 60 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        (rows, a, b) => {
          const [first, last] = a <= b ? [DAYS[a]!, DAYS[b]!] : [DAYS[b]!, DAYS[a]!];
          const before = DAYS[DAYS.indexOf(first) - 1] ?? '2026-01-29';
          const period = (channelId?: string) => {
            const fold = new CogsFold((variantId) => variantId, channelId);
            cumulative(rows, last)
              .sums()
              .forEach((s) => fold.add(s.variantId, s.channelId, s.kind, s.units, s.cogsCents, s.revenueCents, s.days));
            cumulative(rows, before)
              .sums()
              .forEach((s) =>
                fold.subtract(s.variantId, s.channelId, s.kind, s.units, s.cogsCents, s.revenueCents, s.days),
              );
            return inKeyOrder(fold.groups());
          };
          const inPeriod = rows.filter((r) => dayOf(r) >= first && dayOf(r) <= last);
          expect(period()).toEqual(sumCogs(inPeriod, byVariant));
          const web = (list: SoldEntry[]) => list.filter((r) => r.channelId === 'ch_web');
          expect(period('ch_web')).toEqual(sumCogs(web(inPeriod), byVariant));
        },
      ),
    );
  });
});
