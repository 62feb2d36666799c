import amqp, { type Channel, type ChannelModel } from 'amqplib';
import mongoose, { type Connection } from 'mongoose';
import { Broker, createLogger } from '@stockyard/service-kit';
import { asCaller, eventually, infraEnv, isolatedNames, json, listen, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { buildApp } from '../src/app';

describe('POST /stock/adjust', () => {
  const names = isolatedNames('inventory');
  const logger = createLogger('test', 'silent');
  let connection: Connection;
  let broker: Broker;
  let service: ReturnType<typeof buildApp>;
  let server: Awaited<ReturnType<typeof listen>>;
  let amqpConnection: ChannelModel;
  let channel: Channel;
  const events: { name: string; payload: Record<string, unknown> }[] = [];
  const headers = asCaller('org_adjust', ['stock.adjust']);

  beforeAll(async () => {
    const { mongoUrl, amqpUrl } = infraEnv();
    connection = await mongoose.createConnection(mongoUrl, { dbName: names.database }).asPromise();
    broker = new Broker(amqpUrl, names.exchange, logger);
    await broker.start();
    amqpConnection = await amqp.connect(amqpUrl);
    channel = await amqpConnection.createChannel();
    const { queue } = await channel.assertQueue('', { exclusive: true });
    await channel.bindQueue(queue, names.exchange, 'inventory.availability_changed');
    await channel.consume(queue, (msg) => msg && events.push(JSON.parse(msg.content.toString())), { noAck: true });
    service = buildApp({ connection, broker, logger, identitySecret: TEST_IDENTITY_SECRET });
    await service.start();
    server = await listen(service.app);
  });

  afterAll(async () => {
    await server.close();
    const queues = service.consumer!.queues;
    await service.stop();
    for (const queue of queues) await channel.deleteQueue(queue);
    await channel.deleteExchange(names.exchange);
    await amqpConnection.close();
    await broker.close();
    await connection.dropDatabase();
    await connection.close();
  });

  const adjust = (body: Record<string, unknown>) =>
    fetch(`${server.url}/api/v1/stock/adjust`, { method: 'POST', headers, body: JSON.stringify({ warehouseId: 'wh_1', reason: 'test', ...body }) });

  it('applies 200 concurrent adjusts of one item exactly, one movement and one consistent event each', async () => {
    const responses = await Promise.all(Array.from({ length: 200 }, () => adjust({ variantId: 'var_hot', quantity: 1 })));
    expect(responses.map((r) => r.status)).toEqual(Array(200).fill(201));

    const level = await connection.collection('stock_levels').findOne({ variantId: 'var_hot' });
    expect(level?.locations).toEqual([{ warehouseId: 'wh_1', binId: null, onHand: 200 }]);
    expect(await connection.collection('stock_movements').countDocuments({ variantId: 'var_hot' })).toBe(200);

    const changes = await eventually(() => {
      const mine = events.filter((e) => e.payload.variantId === 'var_hot');
      return mine.length >= 200 ? mine : undefined;
    }, 30_000);
    expect(changes).toHaveLength(200);
    const steps = changes.map((e) => [e.payload.oldAvailable, e.payload.newAvailable]).sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(steps).toEqual(Array.from({ length: 200 }, (_, i) => [i, i + 1]));
  });

  it('scopes stock to the caller organization', async () => {
    await adjust({ variantId: 'var_shared', quantity: 3 });
    const other = await fetch(`${server.url}/api/v1/stock/adjust`, {
      method: 'POST',
      headers: asCaller('org_other', ['stock.adjust']),
      body: JSON.stringify({ variantId: 'var_shared', warehouseId: 'wh_1', quantity: -1, reason: 'x' }),
    });
    expect(other.status).toBe(422);
    expect((await json(other)).error.code).toBe('insufficient_stock');
  });

  it('returns the first response for a retry with the same Idempotency-Key and moves stock once', async () => {
    const send = () =>
      fetch(`${server.url}/api/v1/stock/adjust`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': 'adjust-once' },
        body: JSON.stringify({ variantId: 'var_idem', warehouseId: 'wh_1', quantity: 4, reason: 'once' }),
      });
    const first = await send();
    const second = await send();
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await json(second)).toEqual(await json(first));
    const level = await connection.collection('stock_levels').findOne({ variantId: 'var_idem' });
    expect(level?.locations[0].onHand).toBe(4);
  });

  it('answers 401 unauthenticated without the gateway identity', async () => {
    const res = await fetch(`${server.url}/api/v1/stock/adjust`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
    expect((await json(res)).error.code).toBe('unauthenticated');
  });

  it('answers 501 not_implemented on inventory routes not built yet', async () => {
    const res = await fetch(`${server.url}/api/v1/stock/movements`, { headers });
    expect(res.status).toBe(501);
    expect((await json(res)).error.code).toBe('not_implemented');
  });
});
