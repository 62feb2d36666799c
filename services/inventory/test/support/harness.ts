import amqp, { type Channel, type ChannelModel } from 'amqplib';
import mongoose, { type Connection } from 'mongoose';
import { Broker, createLogger, newEvent } from '@stockyard/service-kit';
import { asCaller, infraEnv, isolatedNames, listen, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { buildApp } from '../../src/app';

export interface Received {
  id: string;
  name: string;
  payload: Record<string, unknown>;
}

const ALL = ['warehouses.read', 'warehouses.manage', 'stock.adjust', 'stock.count'];

/** The inventory service on real storage and broker, with an event tap on its exchange. */
export async function startInventory(orgId: string) {
  const names = isolatedNames('inventory');
  const logger = createLogger('test', 'silent');
  const { mongoUrl, amqpUrl } = infraEnv();
  const connection: Connection = await mongoose.createConnection(mongoUrl, { dbName: names.database }).asPromise();
  const broker = new Broker(amqpUrl, names.exchange, logger);
  await broker.start();
  const amqpConnection: ChannelModel = await amqp.connect(amqpUrl);
  const channel: Channel = await amqpConnection.createChannel();
  const { queue } = await channel.assertQueue('', { exclusive: true });
  await channel.bindQueue(queue, names.exchange, 'inventory.#');
  await channel.bindQueue(queue, names.exchange, 'stock.#');
  const events: Received[] = [];
  await channel.consume(queue, (msg) => msg && events.push(JSON.parse(msg.content.toString())), { noAck: true });
  const service = buildApp({ connection, broker, logger, identitySecret: TEST_IDENTITY_SECRET });
  await service.start();
  const server = await listen(service.app);
  // Signed identities are valid for 60 s, so each request signs a fresh one.
  const headers = () => asCaller(orgId, ALL);

  const request = (
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
    base = '/api/v1',
  ) =>
    fetch(`${server.url}${base}${path}`, {
      method,
      headers: { ...headers(), ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  return {
    connection,
    events,
    url: server.url,
    request,
    internal: (path: string, body: unknown) => request('POST', path, body, {}, '/internal/v1'),
    async warehouse(name = 'Main'): Promise<string> {
      const res = await request('POST', '/warehouses', { name });
      return ((await res.json()) as { id: string }).id;
    },
    async bin(warehouseId: string, name: string): Promise<string> {
      const res = await request('POST', `/warehouses/${warehouseId}/bins`, { name });
      return ((await res.json()) as { id: string }).id;
    },
    async adjust(variantId: string, warehouseId: string, quantity: number, binId: string | null = null) {
      const res = await request('POST', '/stock/adjust', { variantId, warehouseId, binId, quantity, reason: 'setup' });
      if (res.status !== 201) throw new Error(`adjust failed: ${res.status} ${await res.text()}`);
    },
    publish: (event: Parameters<Broker['publish']>[0]) => broker.publish(event),
    /** What the catalog will publish; tests stand in for it. */
    publishVariant: (variantId: string, sku: string, name: string, updatedAt = new Date()) =>
      broker.publish(newEvent('variant.upserted', { orgId, variantId, sku, name, updatedAt: updatedAt.toISOString() })),
    level: (variantId: string) => connection.collection('stock_levels').findOne({ orgId, variantId }),
    /** A second service on the same database and exchange, as another replica would be. */
    async replica() {
      const other = buildApp({ connection, broker, logger, identitySecret: TEST_IDENTITY_SECRET });
      await other.start();
      const otherServer = await listen(other.app);
      return {
        request: (method: string, path: string, body?: unknown) =>
          fetch(`${otherServer.url}/api/v1${path}`, {
            method,
            headers: headers(),
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        async close() {
          await otherServer.close();
          await other.stop();
        },
      };
    },
    async close() {
      await server.close();
      const queues = service.queues;
      await service.stop();
      for (const q of queues) await channel.deleteQueue(q);
      await channel.deleteExchange(names.exchange);
      await amqpConnection.close();
      await broker.close();
      await connection.dropDatabase();
      await connection.close();
    },
  };
}
export type Inventory = Awaited<ReturnType<typeof startInventory>>;
