import mongoose, { type Connection } from 'mongoose';
import amqp, { type ChannelModel } from 'amqplib';
import { eventually, infraEnv, json, startStack, type Stack } from '@stockyard/testkit';
import { stackVariants } from './support/stack-variants';

/**
 * Correctness under load through the real gateway and service processes. The gateway's
 * per-key rate limit (300/min by default) is raised for this test on purpose.
 */
describe('stock under concurrent load, through the gateway', () => {
  let stack: Stack;
  let db: Connection;
  let amqpConnection: ChannelModel;
  let adminKey: string;
  let wh: string;
  let other: string;
  const events: { name: string; payload: Record<string, unknown> }[] = [];

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.gatewayUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await json(res) };
  };

  beforeAll(async () => {
    // 200 adjusts of one level queue on its lock: on a busy 2-core machine the last waits longer
    // than the gateway's 30 s, which this test is not about (it checks exactness, not latency).
    stack = await startStack(['inventory'], {
      gateway: { RATE_LIMIT_PER_MINUTE: '1000000', UPSTREAM_TIMEOUT_MS: '150000' },
    });
    const org = stack.bootstrapOrg('Load Org');
    adminKey = org.adminKey;
    db = await mongoose.createConnection(infraEnv().mongoUrl, { dbName: stack.databases.inventory }).asPromise();
    await stackVariants(stack.exchange, db, org.orgId, ['var_load', 'var_race']);
    amqpConnection = await amqp.connect(infraEnv().amqpUrl);
    const channel = await amqpConnection.createChannel();
    const { queue } = await channel.assertQueue('', { exclusive: true });
    await channel.bindQueue(queue, stack.exchange, 'inventory.availability_changed');
    await channel.consume(queue, (msg) => msg && events.push(JSON.parse(msg.content.toString())), { noAck: true });
    wh = (await api('POST', '/warehouses', { name: 'Load' })).body.id;
    other = (await api('POST', '/warehouses', { name: 'Load 2' })).body.id;
  }, 180_000);

  afterAll(async () => {
    await amqpConnection?.close();
    await db?.close();
    await stack?.destroy();
  });

  it('applies 200 concurrent adjusts exactly: one movement each and consistent availability events', async () => {
    const quantities = Array.from({ length: 200 }, (_, i) => (i % 4 === 3 ? -1 : 2));
    await api('POST', '/stock/adjust', { variantId: 'var_load', warehouseId: wh, quantity: 100, reason: 'seed' });
    const responses = await Promise.all(
      quantities.map((quantity) =>
        api('POST', '/stock/adjust', { variantId: 'var_load', warehouseId: wh, quantity, reason: 'load' }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(200).fill(201));
    const expected = 100 + quantities.reduce((a, b) => a + b, 0);

    const level = await db.collection('stock_levels').findOne({ variantId: 'var_load' });
    expect(level?.locations).toEqual([expect.objectContaining({ warehouseId: wh, binId: null, onHand: expected })]);
    expect(await db.collection('stock_movements').countDocuments({ variantId: 'var_load' })).toBe(201);

    const changes = await eventually(() => {
      const mine = events.filter((e) => e.payload.variantId === 'var_load');
      return mine.length >= 201 ? mine : undefined;
    }, 30_000);
    expect(changes).toHaveLength(201);
    // One document's outbox is published in order: each event's old value is the
    // previous event's new value, a chain from 0 to the total.
    let at = 0;
    for (const e of changes) {
      expect(e.payload.oldAvailable).toBe(at);
      at = e.payload.newAvailable as number;
    }
    expect(at).toBe(expected);
  }, 180_000);

  it('never leaves on hand negative or a transfer/move half without its pair while adjusts race', async () => {
    const bin = (await api('POST', `/warehouses/${wh}/bins`, { name: 'Race' })).body.id;
    await api('POST', '/stock/adjust', { variantId: 'var_race', warehouseId: wh, quantity: 30, reason: 'seed' });
    const ops = Array.from({ length: 150 }, (_, i) => {
      if (i % 3 === 0)
        return api('POST', '/stock/transfer', {
          variantId: 'var_race',
          fromWarehouseId: wh,
          toWarehouseId: other,
          quantity: 2,
        });
      if (i % 3 === 1)
        return api('POST', '/stock/move', {
          variantId: 'var_race',
          warehouseId: wh,
          fromBinId: null,
          toBinId: bin,
          quantity: 1,
        });
      return api('POST', '/stock/adjust', { variantId: 'var_race', warehouseId: wh, quantity: -1, reason: 'shrink' });
    });
    const results = await Promise.all(ops);
    expect(
      results.every((r) => r.status === 201 || (r.status === 422 && r.body.error.code === 'insufficient_stock')),
    ).toBe(true);
    expect(results.some((r) => r.status === 422)).toBe(true);

    const level = await db.collection('stock_levels').findOne({ variantId: 'var_race' });
    expect(level?.locations.every((l: { onHand: number }) => l.onHand >= 0)).toBe(true);
    const movements = await db.collection('stock_movements').find({ variantId: 'var_race' }).toArray();
    const outs = movements.filter((m) => m.type === 'TRANSFER_OUT');
    const ins = movements.filter((m) => m.type === 'TRANSFER_IN');
    expect(outs.map((m) => m.reference).sort()).toEqual(ins.map((m) => m.reference).sort());
    const pairs = results.filter((r, i) => r.status === 201 && i % 3 !== 2).length;
    expect(outs).toHaveLength(pairs);
    // The ledger and the level agree: the sum of movements per location is its on hand.
    const sums = new Map<string, number>();
    for (const m of movements)
      sums.set(`${m.warehouseId}/${m.binId}`, (sums.get(`${m.warehouseId}/${m.binId}`) ?? 0) + m.quantity);
    for (const l of level!.locations) expect(sums.get(`${l.warehouseId}/${l.binId}`)).toBe(l.onHand);
  }, 180_000);

  it('serves the CSV count sheet through the gateway and does not route the internal API', async () => {
    const csv = await fetch(`${stack.gatewayUrl}/api/v1/warehouses/${wh}/stock/export-template`, {
      headers: { authorization: `Bearer ${adminKey}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="stock-count-/);
    expect((await csv.text()).split('\r\n')[0]).toBe('variantId,sku,name,binId,binName,onHand,countedQuantity');
    const internal = await fetch(`${stack.gatewayUrl}/internal/v1/stock/receive`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ operationKey: 'via-gateway', variantId: 'var_gw', warehouseId: wh, quantity: 1 }),
    });
    expect([401, 404]).toContain(internal.status); // the gateway routes only /api/v1 from the table
    expect(await db.collection('stock_levels').findOne({ variantId: 'var_gw' })).toBeNull();
  });
});
