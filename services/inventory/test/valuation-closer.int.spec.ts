import { eventually } from '@stockyard/testkit';
import { closableThrough } from '../src/domain/valuation-day';
import { eachStoredPosition, type StoredPositions } from '../src/store/stored-positions';
import { CLOSE_MARGIN_MS } from '../src/store/valuation-days';
import { dayAgo, datedEntries } from './support/dated-entries';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_valuation_closer';

/** The closer keeps an organization's days closed with no report read (every 100 ms here). */
describe('the valuation days closed ahead of the reports', () => {
  let inv: Inventory;
  let dated: ReturnType<typeof datedEntries>;

  beforeAll(async () => {
    inv = await startInventory(ORG, { env: { VALUATION_CLOSE_MS: '100' } });
    dated = datedEntries(inv.connection, ORG, await inv.warehouse('A'));
    await dated.write('var_a', dayAgo(3, '10:00:00.000'), 'RECEIPT', 10, 2000);
  });
  afterAll(() => inv.close());

  it('closes again, without a report, the days an entry written late reopened', async () => {
    expect((await inv.request('GET', '/reports/stock-valuation')).status).toBe(200);
    const closed = (await dated.closes())!;
    await dated.write('var_a', dayAgo(2, '10:00:00.000'), 'ADJUSTMENT', -2, -400);
    await eventually(async () => {
      const now = (await dated.closes())!;
      return now.epoch > closed.epoch && now.through === closableThrough(new Date(), CLOSE_MARGIN_MS)
        ? true
        : undefined;
    });
    const day = await inv.connection
      .collection<{ _id: string; positions: StoredPositions }>('stock_valuation_days')
      .findOne({ _id: `${ORG}:${dayAgo(2).slice(0, 10)}` });
    const positions: unknown[] = [];
    eachStoredPosition(day!.positions, (...position) => positions.push(position));
    expect(positions).toEqual([['var_a', expect.any(String), -20_000, -400]]);
  });
});
