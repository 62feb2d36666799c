import type { StockPosition } from '../src/domain/stock-position';
import type { PositionSink } from '../src/domain/packed-positions';
import { stockClosingCodec } from '../src/store/closing-codecs';
import { MonthClosings } from '../src/store/month-closings';
import { monthClosingModel } from '../src/store/valuation-day.model';
import { dayAgo, datedEntries } from './support/dated-entries';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_valuation_closings';

/** The positions of a closing as its feed gives them, one warehouse's when named. */
type StockClosings = MonthClosings<StockPosition, PositionSink>;

async function fed(closings: StockClosings, day: string, orgId = 'org_parts', warehouseId?: string) {
  const positions: StockPosition[] = [];
  await closings.feed(
    orgId,
    day,
    (variantId, warehouseId, units, cents) => positions.push({ variantId, warehouseId, units, cents }),
    warehouseId,
  );
  return positions;
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

  it('keeps one per month end closed, and the stock as of any day is what the entries add up to', async () => {
    expect(await valuation()).toEqual([11, 27]);
    const days = await closingDays();
    expect(days.length).toBeGreaterThanOrEqual(2);
    expect(days.every((day) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).getUTCDate() === 1)).toBe(true);
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
