import type { Connection } from 'mongoose';
import { BroadcastCache } from '@stockyard/service-kit';
import { Broker } from '@stockyard/service-kit/events';
import { connectMongo, createLogger } from '@stockyard/service-kit/ops';
import { eventually, infraEnv, isolatedNames } from '@stockyard/testkit';
import type { EnabledEndpoints } from '../src/store/endpoint.repository';
import { endpointsOn } from './support/service-parts';

const names = isolatedNames('webhooks_cache');
const logger = createLogger('test', 'silent');
const brokers: Broker[] = [];
let connection: Connection;

type Replica = ReturnType<typeof endpointsOn>;

/** The endpoints as one replica of the service sees them: same database, its own cache. */
async function replica(ttlMs = 60_000): Promise<Replica> {
  const broker = new Broker(infraEnv().amqpUrl, names.exchange, logger);
  brokers.push(broker);
  await broker.start();
  const cache = new BroadcastCache<EnabledEndpoints>(broker, 'webhooks.enabled-endpoints', logger, { ttlMs });
  await cache.start();
  return endpointsOn(connection, cache);
}

beforeAll(async () => {
  connection = await connectMongo(infraEnv().mongoUrl, names.database);
});
afterAll(async () => {
  await brokers[0]?.current?.deleteExchange(names.exchange);
  for (const b of brokers) await b.close();
  await connection.dropDatabase();
  await connection.close();
});

const subscribedIds = async (endpoints: Replica, orgId: string) =>
  (await endpoints.reads.subscribedTo(orgId, 'product.created')).map((s) => s.endpoint.id);

describe("the dispatcher's cached endpoints", () => {
  it('take in an endpoint another replica created, and drop one it disabled or deleted', async () => {
    const [a, b] = [await replica(), await replica()];
    expect(await subscribedIds(b, 'org_c1')).toEqual([]); // cached: none

    const { endpoint: first } = await a.commands.create('org_c1', {
      url: 'https://hooks.example.invalid/1',
      events: ['product.created'],
    });
    await eventually(async () => ((await subscribedIds(b, 'org_c1')).includes(first.id) ? true : undefined), 2_000);

    const { endpoint: second } = await a.commands.create('org_c1', {
      url: 'https://hooks.example.invalid/2',
      events: ['product.created'],
    });
    await eventually(async () => ((await subscribedIds(b, 'org_c1')).length === 2 ? true : undefined), 2_000);
    await a.commands.update('org_c1', first.id, { enabled: false });
    await eventually(async () => (String(await subscribedIds(b, 'org_c1')) === second.id ? true : undefined), 2_000);
    await a.removal.remove('org_c1', second.id);
    await eventually(async () => ((await subscribedIds(b, 'org_c1')).length === 0 ? true : undefined), 2_000);
  });

  it('are answered from memory until a write says otherwise or the ttl ends', async () => {
    const endpoints = await replica(300);
    const { endpoint: created } = await endpoints.commands.create('org_c2', {
      url: 'https://hooks.example.invalid/3',
      events: ['product.created'],
    });
    expect(await subscribedIds(endpoints, 'org_c2')).toEqual([created.id]);
    // Disabled behind the store's back (no broadcast): still listed from memory ...
    await connection
      .collection('webhook_endpoints')
      .updateOne({ _id: created.id as never }, { $set: { enabled: false } });
    expect(await subscribedIds(endpoints, 'org_c2')).toEqual([created.id]);
    // ... until the entry's time is up.
    await new Promise((r) => setTimeout(r, 350));
    expect(await subscribedIds(endpoints, 'org_c2')).toEqual([]);
  });

  it('only lists endpoints subscribed to the event asked about', async () => {
    const endpoints = await replica();
    const { endpoint: created } = await endpoints.commands.create('org_c3', {
      url: 'https://hooks.example.invalid/4',
      events: ['product.updated'],
    });
    expect(await subscribedIds(endpoints, 'org_c3')).toEqual([]);
    expect((await endpoints.reads.subscribedTo('org_c3', 'product.updated')).map((s) => s.endpoint.id)).toEqual([
      created.id,
    ]);
  });
});
