import { newEvent } from '@stockyard/service-kit';
import { eventually, json } from '@stockyard/testkit';
import { StockRepository } from '../src/store/stock.repository';
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

  it('does not write a ledger row again when the event comes back for a change this process made', async () => {
    const written = jest.spyOn(StockRepository.prototype, 'recordMovement');
    const consumed = jest.spyOn(StockRepository.prototype, 'recordMovementIfNew');
    try {
      const wh = await inv.warehouse('Events');
      const res = await inv.request('POST', '/stock/adjust', { variantId: 'var_e3', warehouseId: wh, quantity: 2, reason: 'r' });
      expect(res.status).toBe(201);
      const { id } = (await json(res)) as { id: string };
      // The ledger consumer has had the change's stock.movement_recorded ...
      const call = await eventually(() => {
        const index = consumed.mock.calls.findIndex(([, movement]) => movement.id === id);
        return index === -1 ? undefined : index;
      });
      await consumed.mock.results[call]!.value;
      // ... and wrote nothing: the request path's write is the only one.
      expect(written.mock.calls.filter(([, movement]) => movement.id === id)).toHaveLength(1);
      expect(await inv.connection.collection('stock_movements').countDocuments({ _id: id as never })).toBe(1);
    } finally {
      written.mockRestore();
      consumed.mockRestore();
    }
  });
});
