import { newEvent } from '@stockyard/service-kit';
import { eventually, json } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/harness';

describe('events inventory consumes', () => {
  let inv: Inventory;
  beforeAll(async () => {
    inv = await startInventory('org_events');
  });
  afterAll(() => inv.close());

  it('keeps the newest variant.upserted and ignores a late, older copy', async () => {
    await inv.publishVariant('var_e1', 'NEW-SKU', 'New name', new Date('2026-02-02T00:00:00Z'));
    await eventually(async () => ((await inv.connection.collection('variants').findOne({ variantId: 'var_e1' })) ? true : undefined));
    await inv.publishVariant('var_e1', 'OLD-SKU', 'Old name', new Date('2026-01-01T00:00:00Z'));
    // Both copies handled: the consumer records each event id once its work is durable.
    await eventually(async () => ((await inv.connection.collection('processed_events').countDocuments({ _id: { $regex: 'inventory\\.variants:' } as never })) === 2 ? true : undefined));
    expect(await inv.connection.collection('variants').findOne({ variantId: 'var_e1' })).toMatchObject({ sku: 'NEW-SKU', name: 'New name' });
  });

  it('rebuilds a ledger row from stock.movement_recorded when the request died before writing it', async () => {
    const movement = { id: 'mov_recovered_1', type: 'ADJUSTMENT', variantId: 'var_e2', warehouseId: 'wh_x', binId: null, quantity: 3, reason: 'r', onHandAfter: 3, reference: null, createdAt: new Date().toISOString() };
    const res = await inv.request('GET', '/stock/movements?variantId=var_e2');
    expect((await json(res)).total).toBe(0);
    await inv.publish(newEvent('stock.movement_recorded', { orgId: 'org_events', movement }));
    const row = await eventually(async () => (await json(await inv.request('GET', '/stock/movements?variantId=var_e2'))).data[0]);
    expect(row).toEqual(movement);
  });
});
