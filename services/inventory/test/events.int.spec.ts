import { newEvent } from '@stockyard/service-kit';
import { outboxOf } from '@stockyard/service-kit/events';
import { MOVEMENT_RECORDED } from '../src/domain/level-change';
import { eventually, json } from '@stockyard/testkit';
import { Ledger } from '../src/store/ledger';
import { startInventory, type Inventory } from './support/inventory';

describe('events inventory consumes', () => {
  let inv: Inventory;
  beforeAll(async () => {
    inv = await startInventory('org_events');
  });
  afterAll(() => inv.close());

  it('keeps the newest variant.upserted and ignores a late, older copy', async () => {
    await inv.publishVariant('var_e1', 'NEW-SKU', 'New name', new Date('2026-02-02T00:00:00Z'));
    await eventually(async () =>
      (await inv.connection.collection('variants').findOne({ variantId: 'var_e1' })) ? true : undefined,
    );
    await inv.publishVariant('var_e1', 'OLD-SKU', 'Old name', new Date('2026-01-01T00:00:00Z'));
    // Both copies handled: the consumer records each event id once its work is durable.
    await eventually(async () =>
      (await inv.connection
        .collection('processed_events')
        .countDocuments({ _id: { $regex: 'inventory\\.variants:' } as never })) === 2
        ? true
        : undefined,
    );
    expect(await inv.connection.collection('variants').findOne({ variantId: 'var_e1' })).toMatchObject({
      sku: 'NEW-SKU',
      name: 'New name',
    });
  });

  it('keeps a variant’s product and categories; an event without them (an older catalog’s) leaves them', async () => {
    const product = { productId: 'prd_e4', categoryIds: ['cat_e4'] };
    await inv.publishVariant('var_e4', 'E4', 'Kettle', new Date('2026-03-01T00:00:00Z'), product);
    const kept = () => inv.connection.collection('variants').findOne({ variantId: 'var_e4' });
    await eventually(async () => ((await kept())?.productId ? true : undefined));
    await inv.publishVariant('var_e4', 'E4-2', 'Kettle 2', new Date('2026-03-02T00:00:00Z'));
    await eventually(async () => ((await kept())?.sku === 'E4-2' ? true : undefined));
    expect(await kept()).toMatchObject({ sku: 'E4-2', productId: 'prd_e4', categoryIds: ['cat_e4'] });
    await inv.publishVariant('var_e4', 'E4-2', 'Kettle 2', new Date('2026-03-03T00:00:00Z'), {
      productId: 'prd_e4',
      categoryIds: [],
    });
    await eventually(async () => ((await kept())?.categoryIds?.length === 0 ? true : undefined));
  });

  it('rebuilds a ledger row from a stock.movement_recorded an older replica published', async () => {
    const movement = {
      id: 'mov_recovered_1',
      type: 'ADJUSTMENT',
      variantId: 'var_e2',
      warehouseId: 'wh_x',
      binId: null,
      quantity: 3,
      reason: 'r',
      onHandAfter: 3,
      reference: null,
      createdAt: new Date().toISOString(),
    };
    const res = await inv.request('GET', '/stock/movements?variantId=var_e2');
    expect((await json(res)).total).toBe(0);
    await inv.publish(newEvent('stock.movement_recorded', { orgId: 'org_events', movement }));
    const row = await eventually(
      async () => (await json(await inv.request('GET', '/stock/movements?variantId=var_e2'))).data[0],
    );
    expect(row).toEqual(movement);
  });

  it('writes the ledger row once: the relay hands stock.movement_recorded to the ledger, not the broker', async () => {
    await inv.variants('var_e3'); // a catalog variant stock is created for
    const applied = jest.spyOn(Ledger.prototype, 'apply');
    const written = () =>
      applied.mock.calls.flatMap(([updates]) => updates.map((e) => e.payload.movement as { id: string }));
    try {
      const wh = await inv.warehouse('Events');
      const res = await inv.request('POST', '/stock/adjust', {
        variantId: 'var_e3',
        warehouseId: wh,
        quantity: 2,
        reason: 'r',
      });
      expect(res.status).toBe(201);
      const { id } = (await json(res)) as { id: string };
      // The relay has had the change's stock.movement_recorded (it is off the level's outbox) ...
      await eventually(async () => ((await inv.level('var_e3'))?.outboxPending === undefined ? true : undefined));
      // ... and wrote nothing: the request path's write is the only one.
      expect(written().filter((movement) => movement.id === id)).toHaveLength(1);
      expect(await inv.connection.collection('stock_movements').countDocuments({ _id: id as never })).toBe(1);
      // The public event went out with it; the ledger's own never reached the broker.
      await eventually(() =>
        inv.events.find((e) => e.name === 'inventory.availability_changed' && e.payload.variantId === 'var_e3'),
      );
      expect(inv.events.filter((e) => (e.payload.movement as { id?: string } | undefined)?.id === id)).toEqual([]);
    } finally {
      applied.mockRestore();
    }
  });

  it("writes the ledger row of a change whose process died before writing it, from the level's outbox", async () => {
    const movement = {
      id: 'mov_recovered_2',
      type: 'ADJUSTMENT',
      variantId: 'var_e4',
      warehouseId: 'wh_x',
      binId: null,
      quantity: 5,
      reason: 'r',
      onHandAfter: 5,
      reference: null,
      createdAt: new Date().toISOString(),
    };
    // What the change left: the level, with the ledger event still in its outbox, and no row.
    await inv.connection.collection('stock_levels').insertOne({
      _id: 'org_events:var_e4' as never,
      orgId: 'org_events',
      variantId: 'var_e4',
      locations: [{ warehouseId: 'wh_x', binId: null, onHand: 5 }],
      reserved: 0,
      version: 1,
      ...outboxOf([newEvent(MOVEMENT_RECORDED, { orgId: 'org_events', movement })]),
    });
    // A relay that starts (the restarted process, or another replica) sweeps and finds it.
    const replica = await inv.replica();
    try {
      const row = await eventually(
        async () => (await json(await inv.request('GET', '/stock/movements?variantId=var_e4'))).data[0],
        5_000,
      );
      expect(row).toEqual(movement);
      await eventually(async () => ((await inv.level('var_e4'))?.outboxPending === undefined ? true : undefined));
    } finally {
      await replica.close();
    }
    expect(inv.events.filter((e) => (e.payload.movement as { id?: string } | undefined)?.id === movement.id)).toEqual(
      [],
    );
  });
});
