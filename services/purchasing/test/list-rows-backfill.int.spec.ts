import { eventually } from '@stockyard/testkit';
import { startPurchasing, type Purchasing } from './support/purchasing';

const ORG = 'org_po_rows_backfill';

/**
 * An upgrade: orders stored before their list rows were kept (rows and the pass's record gone, as
 * on a database of the previous release) are listed again once a process starts and its backfill
 * has run, each row as the order is now.
 */
describe('purchase-order list rows of orders stored before them', () => {
  let h: Purchasing;
  const ids: string[] = [];

  beforeAll(async () => {
    h = await startPurchasing(ORG);
    const channelId = await h.supplier({ name: 'Backfill Supply' });
    const warehouseId = await h.warehouse();
    const variantId = await h.variant({ name: 'Washer', sku: 'WASHER-6', cost: 0.02 });
    for (const n of [1, 2, 3]) {
      const po = await h.order({ channelId, warehouseId, lines: [{ variantId, quantity: n * 10 }] });
      ids.push(po.id as string);
    }
    await h.request('POST', `/purchase-orders/${ids[1]}/submit`);
  }, 60_000);
  afterAll(() => h.close());

  const list = async (request: Purchasing['request'], query = '') => {
    const res = await request('GET', `/purchase-orders${query}`);
    expect(res.status).toBe(200);
    return res.body as { total: number; data: { id: string; status: string; lines: { quantity: number }[] }[] };
  };

  it('lists them after a start, as they are now', async () => {
    const before = await list(h.request);
    expect(before.total).toBe(3);
    await h.connection.collection('purchase_order_rows').deleteMany({});
    await h.connection.collection('purchasing_passes').deleteMany({});
    expect((await list(h.request)).total).toBe(0);

    const replica = await h.replica();
    const after = await eventually(async () => {
      const page = await list(replica.request);
      return page.total === 3 ? page : undefined;
    });
    expect(after.data).toEqual(before.data);
    expect((await list(replica.request, '?status=SUBMITTED')).data.map((p) => p.id)).toEqual([ids[1]]);
    expect((await list(replica.request, '?search=washer')).total).toBe(3);
    const pass = await h.connection.collection('purchasing_passes').findOne({ _id: 'purchase_order_rows' as never });
    expect(pass?.at).toBeInstanceOf(Date);
  });
});
