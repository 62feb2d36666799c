import type { StockPosition } from '../src/domain/stock-position';
import { ValuationClosings } from '../src/store/valuation-closings';
import { valuationClosingModel } from '../src/store/valuation-day.model';
import { dayAgo, datedEntries } from './support/dated-entries';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_valuation_closings';

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
    const closings = new ValuationClosings(valuationClosingModel(inv.connection));
    const stock = (n: number): StockPosition[] =>
      Array.from({ length: n }, (_, i) => ({ variantId: `var_${i}`, warehouseId: 'wh_1', units: 10_000, cents: 100 }));
    await closings.write('org_parts', '2026-01-31', stock(45_000));
    const parts = inv.connection.collection('stock_valuation_closings');
    expect(await parts.countDocuments({ orgId: 'org_parts', day: '2026-01-31' })).toBe(3);
    expect((await closings.latest('org_parts', '2026-02-15'))?.positions).toHaveLength(45_000);
    await closings.write('org_parts', '2026-01-31', stock(5));
    expect(await parts.countDocuments({ orgId: 'org_parts', day: '2026-01-31' })).toBe(1);
    expect(await closings.latest('org_parts', '2026-02-15')).toEqual({ day: '2026-01-31', positions: stock(5) });
    expect(await closings.latest('org_parts', '2026-01-30')).toBeNull();
  });
});
