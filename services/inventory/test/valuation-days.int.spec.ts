import { closableThrough, dayAt } from '../src/domain/valuation-day';
import { valuationDayModel, valuationDayModels } from '../src/store/valuation-day.model';
import { CLOSE_MARGIN_MS, ValuationDays } from '../src/store/valuation-days';
import { valuationEntryModel } from '../src/store/valuation-entry.model';
import { cogsGroups } from './support/cogs-groups';
import { dayAgo, datedEntries } from './support/dated-entries';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_valuation_days';

/**
 * Closed days of the valuation ledger under the reports. Entries are written through the ledger's
 * own projection, dated on past days (as a replayed outbox would write them):
 *   3 days ago  RECEIPT var_a +10  20.00
 *   2 days ago  SALE    var_a  −4  −8.00  cost 8.00  web revenue 15.00
 *   yesterday   RECEIPT var_b  +5  15.00
 *   today       SALE    var_b  −1  −3.00  cost 3.00  pos revenue 7.00
 * so the stock is worth 12.00 + 12.00 now, 12.00 at the end of two days ago.
 */
describe('the valuation ledger closed by day under the reports', () => {
  let inv: Inventory;
  let dated: ReturnType<typeof datedEntries>;
  const write = (...args: Parameters<typeof dated.write>) => dated.write(...args);
  const closes = () => dated.closes();
  const valuation = async (query = '') => {
    const res = await inv.request('GET', `/reports/stock-valuation?groupBy=variant${query}`);
    expect(res.status).toBe(200);
    return res.body as { totalQuantity: number; totalValue: number };
  };
  const cogsBy = (groupBy = 'day') => cogsGroups(inv, `groupBy=${groupBy}&from=${dayAgo(5).slice(0, 10)}`);

  beforeAll(async () => {
    inv = await startInventory(ORG);
    dated = datedEntries(inv.connection, ORG, await inv.warehouse('A'));
    await write('var_a', dayAgo(3, '10:00:00.000'), 'RECEIPT', 10, 2000);
    await write('var_a', dayAgo(2, '12:00:00.000'), 'SALE', -4, -800, {
      orderId: 'ord_1',
      channelId: 'ch_web',
      revenueCents: 1500,
    });
    await write('var_b', dayAgo(1, '09:00:00.000'), 'RECEIPT', 5, 1500);
    await write('var_b', new Date().toISOString(), 'SALE', -1, -300, {
      orderId: 'ord_2',
      channelId: 'ch_pos',
      revenueCents: 700,
    });
  });
  afterAll(() => inv.close());

  it('closes the days that ended on the first report, and answers from them what the entries add up to', async () => {
    const before = closableThrough(new Date(), CLOSE_MARGIN_MS);
    expect(await valuation()).toMatchObject({ totalQuantity: 10, totalValue: 24 });
    const after = closableThrough(new Date(), CLOSE_MARGIN_MS);
    expect([before, after]).toContain((await closes())?.through);
    const closed = await inv.connection
      .collection('stock_valuation_days')
      .find({ orgId: ORG }, { projection: { _id: 0, day: 1 } })
      .toArray();
    expect(closed.map((d) => d.day)).toContain(dayAgo(2, '00:00:00.000').slice(0, 10));
    expect(await valuation(`&asOf=${dayAgo(2, '23:59:59.999')}`)).toMatchObject({ totalQuantity: 6, totalValue: 12 });
    expect(await cogsBy('day')).toEqual([
      [dayAgo(2, '00').slice(0, 10), 4, 8, 15],
      [dayAt(new Date()), 1, 3, 7],
    ]);
    expect(await cogsBy('channel')).toEqual([
      ['ch_pos', 1, 3, 7],
      ['ch_web', 4, 8, 15],
    ]);
    // Neither variant is in the read model: no product.
    expect(await cogsBy('product')).toEqual([[null, 5, 11, 22]]);
  });

  it('reopens the days from an entry written after its day was closed, and counts it', async () => {
    await valuation();
    const { epoch } = (await closes())!;
    await write('var_a', dayAgo(2, '15:00:00.000'), 'ADJUSTMENT', -1, -200);
    expect(await closes()).toMatchObject({ through: dayAgo(3, '00').slice(0, 10), epoch: epoch + 1 });
    expect(await valuation()).toMatchObject({ totalQuantity: 9, totalValue: 22 });
    expect(await valuation(`&asOf=${dayAgo(2, '23:59:59.999')}`)).toMatchObject({ totalQuantity: 5, totalValue: 10 });
  });

  it('does not move the close past an entry written while it read the days before it', async () => {
    await valuation();
    // A close that reads the ledger, then, before it moves `through`, another writer's late entry lands.
    const dayRows = valuationDayModel(inv.connection);
    const racing = Object.create(dayRows) as typeof dayRows;
    racing.bulkWrite = async (...args: Parameters<typeof dayRows.bulkWrite>) => {
      await write('var_b', dayAgo(1, '20:00:00.000'), 'ADJUSTMENT', 2, 600);
      return dayRows.bulkWrite(...args);
    };
    await dated.days.reopen(ORG, new Date(dayAgo(3, '00:00:00.000')));
    const entries = valuationEntryModel(inv.connection);
    const raced = new ValuationDays({ entries, ...valuationDayModels(inv.connection), days: racing });
    const through = await raced.closedThrough(ORG);
    expect(through! < dayAgo(1, '00').slice(0, 10)).toBe(true);
    expect(await valuation()).toMatchObject({ totalQuantity: 11, totalValue: 28 });
  });
});

describe('a late entry for an organization with no day closed yet', () => {
  const OTHER = 'org_valuation_days_none';
  let inv: Inventory;
  let dated: ReturnType<typeof datedEntries>;

  beforeAll(async () => {
    inv = await startInventory(OTHER);
    dated = datedEntries(inv.connection, OTHER, await inv.warehouse('A'));
  });
  afterAll(() => inv.close());

  it('keeps nothing closed, so no entry before it goes uncounted', async () => {
    await dated.write('var_a', dayAgo(3, '10:00:00.000'), 'RECEIPT', 10, 2000);
    // A report on that day: nothing had ended yet, the organization's state says no day is closed.
    expect(await dated.days.closedThrough(OTHER, new Date(dayAgo(3, '12:00:00.000')))).toBeNull();
    await dated.write('var_a', dayAgo(2, '10:00:00.000'), 'RECEIPT', 5, 1500);
    expect((await dated.closes())?.through).toBe('');
    const res = await inv.request('GET', '/reports/stock-valuation');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalQuantity: 15, totalValue: 35 });
  });
});
