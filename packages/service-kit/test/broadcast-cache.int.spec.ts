import { eventually, infraEnv, isolatedNames } from '@stockyard/testkit';
import { BroadcastCache } from '../src';
import { Broker } from '../events';
import { createLogger } from '../ops';

const names = isolatedNames('servicekit_cache');
const logger = createLogger('test', 'silent');
const brokers: Broker[] = [];

/** One replica's cache, on a broker connection of its own. */
async function replica(connect = true, ttlMs = 60_000) {
  const broker = new Broker(infraEnv().amqpUrl, names.exchange, logger);
  brokers.push(broker);
  if (connect) await broker.start();
  const cache = new BroadcastCache<string>(broker, 'things', logger, { ttlMs });
  await cache.start();
  let reads = 0;
  let stored = 'v1';
  return {
    broker,
    cache,
    get reads() {
      return reads;
    },
    /** The value "in the database", which another replica may change. */
    set stored(value: string) {
      stored = value;
    },
    read: (key = 'k') => cache.get(key, async () => (reads++, `${stored}:${key}`)),
  };
}

afterAll(async () => {
  const [first] = brokers;
  await first?.current?.deleteExchange(names.exchange);
  for (const b of brokers) await b.close();
});

describe('BroadcastCache', () => {
  it('answers repeated reads from memory, and reads again once another replica changed the key', async () => {
    const a = await replica();
    const b = await replica();
    await expect(b.read()).resolves.toBe('v1:k');
    await expect(b.read()).resolves.toBe('v1:k');
    expect(b.reads).toBe(1);

    b.stored = 'v2'; // replica a writes the database ...
    await a.cache.changed('k'); // ... and says so
    await eventually(async () => ((await b.read()) === 'v2:k' ? true : undefined));
    expect(b.reads).toBe(2);
    await expect(b.read('other')).resolves.toBe('v2:other');
  });

  it('drops only the key changed', async () => {
    const a = await replica();
    const b = await replica();
    await b.read('x');
    await b.read('y');
    await a.cache.changed('x');
    await eventually(async () => (await b.read('x'), b.reads === 3 ? true : undefined));
    await b.read('y');
    expect(b.reads).toBe(3);
  });

  it('reads again after the ttl, broadcast or not', async () => {
    const a = await replica(true, 100);
    await a.read();
    await a.read();
    expect(a.reads).toBe(1);
    await new Promise((r) => setTimeout(r, 150));
    await a.read();
    expect(a.reads).toBe(2);
  });

  it('does not keep a value read while the key was being changed', async () => {
    const a = await replica();
    const b = await replica();
    await b.read('marker');
    let release!: () => void;
    const slowRead = b.cache.get(
      'k',
      () => new Promise<string>((resolve) => (release = () => resolve('from before the change'))),
    );
    await a.cache.changed('k');
    await a.cache.changed('marker'); // broadcast after 'k' on one channel: once b dropped it, b dropped 'k'
    await eventually(async () => (await b.read('marker'), b.reads === 2 ? true : undefined));
    release();
    await expect(slowRead).resolves.toBe('from before the change');
    await expect(b.read('k')).resolves.toBe('v1:k'); // read again: the slow value was not kept
    expect(b.reads).toBe(3);
  });

  it('reads through, storing nothing, while its broker is not connected', async () => {
    const offline = await replica(false);
    await offline.read();
    await offline.read();
    expect(offline.reads).toBe(2);
    await expect(offline.cache.changed('k')).resolves.toBeUndefined();

    await offline.broker.start(); // subscribes on connecting
    await offline.read();
    await offline.read();
    expect(offline.reads).toBe(3);
  });
});
