import type { StockPosition } from '../src/domain/stock-position';
import type { PositionSink } from '../src/domain/packed-positions';
import { endsMonth } from '../src/domain/valuation-day';
import { stockClosingCodec } from '../src/store/closing-codecs';
import { MonthClosings } from '../src/store/month-closings';
import { monthClosingModel, valuationDayModels } from '../src/store/valuation-day.model';
import { ValuationDays } from '../src/store/valuation-days';
import { valuationEntryModel } from '../src/store/valuation-entry.model';
import { dayAgo, datedEntries } from './support/dated-entries';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_valuation_closings';

/** The positions of a closing as its feed gives them, one warehouse's when named. */
type StockClosings = MonthClosings<StockPosition, PositionSink>;

async function fed(closings: StockClosings, day: string, orgId = 'org_parts', warehouseId?: string) {
  const positions: StockPosition[] = [];
  const whole = await closings.feed(
    orgId,
    day,
    (variantId, warehouseId, units, cents) => positions.push({ variantId, warehouseId, units, cents }),
    warehouseId,
  );
  return whole ? positions : null;
}

/**
 * The stock at each closed month's end under the as-of reads, with entries across month ends
 * (written through the ledger's projection, dated in the past):
 *   70 days ago  RECEIPT var_a +10  20.00
 *   40 days ago  RECEIPT var_b  +5  15.00
 *   10 days ago  SALE    var_a  −4  −8.00
 */
describe('the stock at the end of each closed month', () => {
  let inv: Inventory;
  let dated: ReturnType<typeof datedEntries>;
  const valuation = async (asOf?: string) => {
    const res = await inv.request('GET', `/reports/stock-valuation${asOf ? `?asOf=${asOf}` : ''}`);
    expect(res.status).toBe(200);
    const { totalQuantity, totalValue } = res.body as { totalQuantity: number; totalValue: number };
    return [totalQuantity, totalValue];
  };
  const closingDays = async () =>
    (await inv.connection.collection('stock_valuation_closings').distinct('day', { orgId: ORG })).sort();

  beforeAll(async () => {
    inv = await startInventory(ORG);
    dated = datedEntries(inv.connection, ORG, await inv.warehouse('A'));
    await dated.write('var_a', dayAgo(70, '10:00:00.000'), 'RECEIPT', 10, 2000);
    await dated.write('var_b', dayAgo(40, '10:00:00.000'), 'RECEIPT', 5, 1500);
    await dated.write('var_a', dayAgo(10, '10:00:00.000'), 'SALE', -4, -800, {
      orderId: 'ord_1',
      channelId: 'ch_web',
      revenueCents: 1500,
    });
  });
  afterAll(() => inv.close());

  it('keeps a closing per month end and at the last closed day; the stock as of a day sums its entries', async () => {
    expect(await valuation()).toEqual([11, 27]);
    const days = await closingDays();
    const through = (await dated.closes())!.through!;
    expect(days.filter(endsMonth).length).toBeGreaterThanOrEqual(2);
    expect(days.filter((day) => !endsMonth(day))).toEqual(endsMonth(through) ? [] : [through]);
    expect(await valuation(dayAgo(71).slice(0, 10))).toEqual([0, 0]);
    expect(await valuation(dayAgo(70).slice(0, 10))).toEqual([10, 20]);
    expect(await valuation(dayAgo(40).slice(0, 10))).toEqual([15, 35]);
    expect(await valuation(dayAgo(11).slice(0, 10))).toEqual([15, 35]);
  });

  it('makes the months after an entry written late again, with it', async () => {
    await valuation();
    await dated.write('var_a', dayAgo(50, '10:00:00.000'), 'ADJUSTMENT', -1, -200);
    expect(await valuation()).toEqual([10, 25]);
    expect(await valuation(dayAgo(40).slice(0, 10))).toEqual([14, 33]);
    expect(await valuation(dayAgo(60).slice(0, 10))).toEqual([10, 20]);
  });

  it('writes a large stock in parts, and a smaller one after it replaces them all', async () => {
    const closings = new MonthClosings(monthClosingModel(inv.connection, 'stock'), stockClosingCodec);
    const stock = (n: number): StockPosition[] =>
      Array.from({ length: n }, (_, i) => ({ variantId: `var_${i}`, warehouseId: 'wh_1', units: 10_000, cents: 100 }));
    await closings.write('org_parts', '2026-01-31', stock(45_000));
    const parts = inv.connection.collection('stock_valuation_closings');
    expect(await parts.countDocuments({ orgId: 'org_parts', day: '2026-01-31' })).toBe(3);
    // Their bytes as base64 text: FerretDB reads BSON binary at about twice the cost.
    const part = await parts.findOne({ orgId: 'org_parts', day: '2026-01-31' });
    expect(typeof part?.rows.numbers).toBe('string');
    expect(await closings.lastBy('org_parts', '2026-02-15')).toBe('2026-01-31');
    expect(await fed(closings, '2026-01-31')).toEqual(stock(45_000));
    await closings.write('org_parts', '2026-01-31', stock(5));
    expect(await parts.countDocuments({ orgId: 'org_parts', day: '2026-01-31' })).toBe(1);
    expect(await fed(closings, '2026-01-31')).toEqual(stock(5));
    expect(await closings.lastBy('org_parts', '2026-01-30')).toBeNull();
  });

  it('answers a closing not whole (a part gone, or one of another write) with nothing fed', async () => {
    const closings = new MonthClosings(monthClosingModel(inv.connection, 'stock'), stockClosingCodec);
    const stock = (n: number, units: number): StockPosition[] =>
      Array.from({ length: n }, (_, i) => ({ variantId: `var_${i}`, warehouseId: 'wh_1', units, cents: 100 }));
    await closings.write('org_parts', '2026-02-28', stock(45_000, 1));
    const parts = inv.connection.collection<{ _id: string }>('stock_valuation_closings');
    const third = await parts.findOne({ _id: 'org_parts:2026-02-28:2' });
    await parts.deleteOne({ _id: 'org_parts:2026-02-28:2' });
    expect(await fed(closings, '2026-02-28')).toBeNull();
    // A smaller closing's write, before the larger one's last part is removed: two writes' parts.
    await closings.write('org_parts', '2026-02-28', stock(30_000, 2));
    await parts.insertOne(third!);
    expect(await fed(closings, '2026-02-28')).toBeNull();
    await parts.deleteOne({ _id: 'org_parts:2026-02-28:2' });
    expect(await fed(closings, '2026-02-28')).toEqual(stock(30_000, 2));
    expect(await fed(closings, '2026-03-31')).toBeNull();
  });

  it('reads a closing written before positions were packed (one JSON string a part)', async () => {
    const parts = inv.connection.collection('stock_valuation_closings');
    const positions = JSON.stringify([
      ['var_a', 'wh_1', 30_000, 600],
      ['var_b', 'wh_2', 10_000, 250],
    ]);
    await parts.insertOne({
      _id: 'org_legacy:2026-01-31:0' as never,
      orgId: 'org_legacy',
      day: '2026-01-31',
      part: 0,
      positions,
    });
    const closings = new MonthClosings(monthClosingModel(inv.connection, 'stock'), stockClosingCodec);
    expect(await fed(closings, '2026-01-31', 'org_legacy')).toEqual([
      { variantId: 'var_a', warehouseId: 'wh_1', units: 30_000, cents: 600 },
      { variantId: 'var_b', warehouseId: 'wh_2', units: 10_000, cents: 250 },
    ]);
    expect(await fed(closings, '2026-01-31', 'org_legacy', 'wh_2')).toEqual([
      { variantId: 'var_b', warehouseId: 'wh_2', units: 10_000, cents: 250 },
    ]);
  });
});

/**
 * The closing at the last closed day (when it ends no month): the stock now is that closing and
 * today's entries; one is kept at a time.
 *   10 days ago  RECEIPT var_a +10  20.00
 *    5 days ago  RECEIPT var_b  +5  15.00
 *    3 days ago  SALE    var_a  −4  −8.00
 */
describe('the closing at the last closed day', () => {
  const OTHER = 'org_latest_closing';
  let inv: Inventory;
  let dated: ReturnType<typeof datedEntries>;
  const day = (n: number) => dayAgo(n).slice(0, 10);
  const closingDays = async () =>
    (await inv.connection.collection('stock_valuation_closings').distinct('day', { orgId: OTHER })).sort();
  const latestDays = async () => (await closingDays()).filter((d) => !endsMonth(d));
  const total = async () => {
    const res = await inv.request('GET', '/reports/stock-valuation');
    expect(res.status).toBe(200);
    const { totalQuantity, totalValue } = res.body as { totalQuantity: number; totalValue: number };
    return [totalQuantity, totalValue];
  };

  beforeAll(async () => {
    inv = await startInventory(OTHER);
    dated = datedEntries(inv.connection, OTHER, await inv.warehouse('A'));
    await dated.write('var_a', dayAgo(10, '10:00:00.000'), 'RECEIPT', 10, 2000);
    await dated.write('var_b', dayAgo(5, '10:00:00.000'), 'RECEIPT', 5, 1500);
    await dated.write('var_a', dayAgo(3, '10:00:00.000'), 'SALE', -4, -800);
  });
  afterAll(() => inv.close());

  it('is written by each close and replaces the one before it', async () => {
    expect(await dated.days.closedThrough(OTHER, new Date(dayAgo(6, '12:00:00.000')))).toBe(day(7));
    expect(await latestDays()).toEqual(endsMonth(day(7)) ? [] : [day(7)]);
    const through = await dated.days.closedThrough(OTHER);
    expect(through! >= day(2)).toBe(true);
    expect(await latestDays()).toEqual(endsMonth(through!) ? [] : [through]);
    expect(await total()).toEqual([11, 27]);
  });

  it('answers the stock now from it, not from the days before it', async () => {
    const through = (await dated.closes())!.through!;
    await inv.connection.collection('stock_valuation_days').deleteMany({ orgId: OTHER, day: { $lte: through } });
    expect(await total()).toEqual([11, 27]);
  });

  it('asks for the last closing again when the one it was named went before it was read', async () => {
    const models = valuationDayModels(inv.connection);
    const went = Object.create(models.closings) as typeof models.closings;
    let reads = 0;
    // The first read of a closing's parts finds none, as when the next day's close replaced it.
    went.find = ((filter: object, ...rest: never[]) =>
      models.closings.find(reads++ === 0 ? { orgId: 'org_gone' } : filter, ...rest)) as typeof went.find;
    const entries = valuationEntryModel(inv.connection);
    const days = new ValuationDays({ entries, ...models, closings: went });
    const positions: [string, number, number][] = [];
    const through = (await dated.closes())!.through!;
    await days.stockThrough(OTHER, through, (variantId, _w, units, cents) => positions.push([variantId, units, cents]));
    expect(reads).toBe(2);
    expect(positions.sort()).toEqual([
      ['var_a', 60_000, 1200],
      ['var_b', 50_000, 1500],
    ]);
  });
});
