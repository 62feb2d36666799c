import { cogsGroups } from './support/cogs-groups';
import { dayAgo, datedEntries } from './support/dated-entries';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_sales_closings';

/**
 * COGS by product over long periods, from the month closings of the sales (cumulative since the first
 * day) rather than every day of the period. Entries (none of a product the read model knows: key null):
 *   300 days ago  RECEIPT var_a +100  100.00
 *   250 days ago  SALE    var_a  −10  cost 10.00  web revenue 30.00
 *   150 days ago  SALE    var_a   −5  cost  5.00  pos revenue 12.00
 *    20 days ago  SALE    var_a   −1  cost  1.00  web revenue  3.00
 */
describe('COGS by product over a long period', () => {
  let inv: Inventory;
  let dated: ReturnType<typeof datedEntries>;
  const day = (n: number) => dayAgo(n).slice(0, 10);
  const cogs = (query: string) => cogsGroups(inv, query);

  beforeAll(async () => {
    inv = await startInventory(ORG);
    dated = datedEntries(inv.connection, ORG, await inv.warehouse('A'));
    const sale = (id: string, channelId: string, revenueCents: number) => ({ orderId: id, channelId, revenueCents });
    await dated.write('var_a', dayAgo(300, '10:00:00.000'), 'RECEIPT', 100, 10_000);
    await dated.write('var_a', dayAgo(250, '10:00:00.000'), 'SALE', -10, -1_000, sale('ord_1', 'ch_web', 3_000));
    await dated.write('var_a', dayAgo(150, '10:00:00.000'), 'SALE', -5, -500, sale('ord_2', 'ch_pos', 1_200));
    await dated.write('var_a', dayAgo(20, '10:00:00.000'), 'SALE', -1, -100, sale('ord_3', 'ch_web', 300));
  });
  afterAll(() => inv.close());

  it('adds up what was sold, by the month closings of the sales and the days after them', async () => {
    expect(await cogs(`groupBy=product&from=${day(280)}`)).toEqual([[null, 16, 16, 45]]);
    expect(await cogs(`groupBy=product&from=${day(230)}&to=${day(70)}`)).toEqual([[null, 5, 5, 12]]);
    expect(await cogs(`groupBy=product&from=${day(280)}&channelId=ch_web`)).toEqual([[null, 11, 11, 33]]);
    const closings = inv.connection.collection('stock_valuation_sales_closings');
    expect(await closings.countDocuments({ orgId: ORG })).toBeGreaterThanOrEqual(9);
  });

  it("reads the closings, not the days between: a day's rows gone change only the report by channel", async () => {
    for (const rows of ['stock_valuation_sales', 'stock_valuation_channels']) {
      await inv.connection.collection(rows).deleteOne({ orgId: ORG, day: day(150) });
    }
    expect(await cogs(`groupBy=product&from=${day(230)}&to=${day(70)}`)).toEqual([[null, 5, 5, 12]]);
    expect(await cogs(`groupBy=channel&from=${day(230)}&to=${day(70)}`)).toEqual([]);
  });

  it('makes the closings after a late sale again, with it', async () => {
    await dated.write('var_a', dayAgo(100, '10:00:00.000'), 'SALE', -2, -200, {
      orderId: 'ord_4',
      channelId: 'ch_pos',
      revenueCents: 500,
    });
    expect(await cogs(`groupBy=product&from=${day(280)}`)).toEqual([[null, 18, 18, 50]]);
    expect(await cogs(`groupBy=product&from=${day(230)}&to=${day(70)}`)).toEqual([[null, 7, 7, 17]]);
    expect(await cogs(`groupBy=product&from=${day(120)}&channelId=ch_pos`)).toEqual([[null, 2, 2, 5]]);
  });

  it('reads the channel totals of a day closed before they were kept apart from its sales row', async () => {
    const query = `groupBy=channel&from=${day(25)}&to=${day(15)}`;
    expect(await cogs(query)).toEqual([['ch_web', 1, 1, 3]]);
    const rows = (c: string) => inv.connection.collection<{ _id: string; channels?: string }>(c);
    const [channels, sales] = [rows('stock_valuation_channels'), rows('stock_valuation_sales')];
    const _id = `${ORG}:${day(20)}`;
    const kept = (await channels.findOne({ _id }))!;
    await channels.deleteOne({ _id });
    expect(await cogs(query)).toEqual([]);
    await sales.updateOne({ _id }, { $set: { channels: kept.channels } });
    expect(await cogs(query)).toEqual([['ch_web', 1, 1, 3]]);
  });
});
