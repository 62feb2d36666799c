import type { Connection } from 'mongoose';
import type { Message } from 'amqplib';
import type { EventEnvelope } from '@stockyard/contracts';
import { eventually, infraEnv, isolatedNames } from '@stockyard/testkit';
import { newEvent } from '../src';
import { Broker, type QueueType } from '../events';
import { connectMongo, createLogger, metricsRegistry } from '../ops';
import { startConsumer, type ConsumerOptions } from '../internals';
import { openRabbit, type Rabbit } from './support/rabbit';

const names = isolatedNames('servicekit');
const logger = createLogger('test', 'silent');
let connection: Connection;
let rabbit: Rabbit;
const brokers: Broker[] = [];

beforeAll(async () => {
  connection = await connectMongo(infraEnv().mongoUrl, names.database);
  rabbit = await openRabbit(infraEnv().amqpUrl, names.exchange);
});

afterEach(async () => {
  for (const broker of brokers.splice(0)) await broker.close();
});

afterAll(async () => {
  await rabbit?.close();
  await connection?.dropDatabase();
  await connection?.close();
});

/** A consumer of `<name>.*` events on its own broker and queue; `acked` records what it acked. */
async function consume(
  name: string,
  handler: ConsumerOptions['handler'],
  options: Partial<ConsumerOptions> = {},
  queueType: QueueType = 'classic',
) {
  const broker = new Broker(infraEnv().amqpUrl, names.exchange, logger, { queueType });
  brokers.push(broker);
  await broker.start();
  const acked: Message[] = [];
  const channel = broker.current!;
  const ack = channel.ack.bind(channel);
  jest.spyOn(channel, 'ack').mockImplementation((msg, allUpTo) => {
    acked.push(msg);
    ack(msg, allUpTo);
  });
  const consumer = await startConsumer(broker, connection, logger, {
    queue: name,
    bindings: [`${name}.*`],
    handler,
    ...options,
  });
  rabbit.own(...consumer.queues);
  return { queue: consumer.queue, broker, acked };
}

/** Waits for a message on a queue and takes it off. */
const takeFrom = (queue: string) =>
  eventually(async () => (await rabbit.channel.get(queue, { noAck: true })) || undefined);
const ready = async (queue: string) => (await rabbit.channel.checkQueue(queue)).messageCount;

describe('startConsumer', () => {
  it('runs the handler once for an event delivered twice with the same id, acking both', async () => {
    const seen: string[] = [];
    const { queue, broker, acked } = await consume('dedupe', async (e) => void seen.push(e.id));
    const event = newEvent('dedupe.happened', { orgId: 'org_a' });

    await broker.publish(event);
    await eventually(() => (acked.length === 1 ? true : undefined));
    await broker.publish(event);
    await eventually(() => (acked.length === 2 ? true : undefined));

    expect(seen).toEqual([event.id]);
    await broker.close(); // unacked messages would go back to the queue now
    expect(await ready(queue)).toBe(0);
    const counted = await metricsRegistry.getSingleMetricAsString('stockyard_consumer_deliveries_total');
    expect(counted).toContain('stockyard_consumer_deliveries_total{queue="dedupe",outcome="handled"} 1');
    expect(counted).toContain('stockyard_consumer_deliveries_total{queue="dedupe",outcome="duplicate"} 1');
  });

  it('acks an event the subscription has nothing to do for at once: no handler, no dedupe record', async () => {
    const seen: string[] = [];
    const { broker, acked } = await consume('relevant', async (e) => void seen.push(e.id), {
      relevant: (e) => (e.payload as { rose?: boolean }).rose === true,
    });
    const fell = newEvent('relevant.changed', { orgId: 'org_a', rose: false });
    const rose = newEvent('relevant.changed', { orgId: 'org_a', rose: true });
    await broker.publish(fell);
    await broker.publish(rose);
    await eventually(() => (acked.length === 2 ? true : undefined));

    expect(seen).toEqual([rose.id]);
    const processed = connection.collection('processed_events');
    expect(await processed.countDocuments({ _id: { $regex: `:${fell.id}$` } } as never)).toBe(0);
    expect(await processed.countDocuments({ _id: { $regex: `:${rose.id}$` } } as never)).toBe(1);
    const counted = await metricsRegistry.getSingleMetricAsString('stockyard_consumer_deliveries_total');
    expect(counted).toContain('stockyard_consumer_deliveries_total{queue="relevant",outcome="skipped"} 1');
  });

  it('declares quorum queues: a message that keeps coming back undone is parked on <queue>.dlq', async () => {
    const { queue, broker } = await consume('crashing', async () => undefined, {}, 'quorum');
    await broker.close(); // no consumer now: the test plays one that dies holding the message, again and again
    rabbit.channel.sendToQueue(queue, Buffer.from(JSON.stringify(newEvent('crashing.happened', { orgId: 'org_a' }))));
    let deliveries = 0;
    while (deliveries < 25) {
      const msg = await eventually(async () => (await rabbit.channel.get(queue)) || undefined);
      deliveries += 1;
      rabbit.channel.nack(msg, false, true); // back to the queue, as a consumer's death returns it
      // Wait until it is back on the queue or parked.
      const parked = await eventually(async () => {
        const [back, dlq] = [await ready(queue), await ready(`${queue}.dlq`)];
        return back + dlq > 0 ? dlq > 0 : undefined;
      });
      if (parked) break;
    }
    expect(deliveries).toBe(21); // the first delivery and 20 returns
    expect(await ready(`${queue}.dlq`)).toBe(1);
    expect(await ready(queue)).toBe(0);
  });

  it('runs the handler once when two copies of an event arrive together', async () => {
    const seen: string[] = [];
    const slow = async (e: { id: string }) => {
      seen.push(e.id);
      await new Promise((r) => setTimeout(r, 100)); // both copies are in hand before the first finishes
    };
    const { broker, acked } = await consume('together', slow);
    const event = newEvent('together.happened', { orgId: 'org_a' });

    await Promise.all([broker.publish(event), broker.publish(event)]);
    await eventually(() => (acked.length === 2 ? true : undefined));
    expect(seen).toEqual([event.id]);
  });

  it('retries a failed event through <queue>.retry after the delay and succeeds on attempt 2', async () => {
    const calls: number[] = [];
    const handler = async () => {
      calls.push(Date.now());
      if (calls.length === 1) throw new Error('transient');
    };
    const { queue, broker, acked } = await consume('retry', handler, { retryDelayMs: 200 });
    await broker.publish(newEvent('retry.happened', { orgId: 'org_a' }));

    await eventually(() => (calls.length === 2 && acked.length === 2 ? true : undefined));
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(190);
    expect(acked[1]!.fields.routingKey).toBe(queue); // came back from the retry queue's dead-lettering
    expect(acked[1]!.properties.headers?.['x-stockyard-attempt']).toBe(2);
    expect(await ready(`${queue}.dlq`)).toBe(0);
  });

  it('dead-letters an event that always fails on <queue>.dlq after maxAttempts, with the error', async () => {
    let calls = 0;
    const handler = async () => {
      calls += 1;
      throw new Error('stock item is gone');
    };
    const { queue, broker } = await consume('poison', handler, { maxAttempts: 3, retryDelayMs: 100 });
    const event = newEvent('poison.happened', { orgId: 'org_a' });
    await broker.publish(event);

    const parked = await takeFrom(`${queue}.dlq`);
    expect(calls).toBe(3);
    expect(parked.properties.messageId).toBe(event.id);
    expect(parked.properties.headers).toMatchObject({
      'x-stockyard-attempt': 3,
      'x-stockyard-error': 'stock item is gone',
    });
    expect(JSON.parse(parked.content.toString()) as EventEnvelope).toEqual(event);
  });

  it('sends a message that is not JSON straight to the DLQ without calling the handler', async () => {
    let calls = 0;
    const { queue, acked } = await consume('garbage', async () => void (calls += 1));
    rabbit.channel.publish(names.exchange, 'garbage.happened', Buffer.from('not json {'), { messageId: 'junk-1' });

    const parked = await takeFrom(`${queue}.dlq`);
    expect(parked.content.toString()).toBe('not json {');
    expect(parked.properties.headers?.['x-stockyard-error']).toEqual(expect.any(String));
    expect(parked.properties.headers?.['x-stockyard-attempt']).toBeUndefined();
    expect(calls).toBe(0);
    await eventually(() => (acked.length === 1 ? true : undefined));
  });

  it('with dedupe off, hands every copy to the handler, and says which may follow an earlier run', async () => {
    const copies: { id: string; maybeSeenBefore: boolean }[] = [];
    let failOnce = true;
    const handler: ConsumerOptions['handler'] = async (e, copy) => {
      copies.push({ id: e.id, maybeSeenBefore: copy.maybeSeenBefore });
      if (e.name === 'nodedupe.fails' && failOnce) {
        failOnce = false;
        throw new Error('transient');
      }
    };
    const { broker, acked } = await consume('nodedupe', handler, { dedupe: false, retryDelayMs: 100 });
    const twice = newEvent('nodedupe.happened', { orgId: 'org_a' });
    await broker.publish(twice);
    await broker.publish(twice);
    const retried = newEvent('nodedupe.fails', { orgId: 'org_a' });
    await broker.publish(retried);

    // Four acks: two copies, and the failing one twice (handed to the retry queue, then done).
    await eventually(() => (acked.length === 4 && copies.length === 4 ? true : undefined));
    expect(copies.filter((c) => c.id === twice.id)).toEqual([
      { id: twice.id, maybeSeenBefore: false },
      { id: twice.id, maybeSeenBefore: false },
    ]);
    expect(copies.filter((c) => c.id === retried.id).map((c) => c.maybeSeenBefore)).toEqual([false, true]);
    expect(
      await connection.collection('processed_events').countDocuments({ _id: { $regex: 'nodedupe' } } as never),
    ).toBe(0);
  });
});
