import { infraEnv, isolatedNames } from '@stockyard/testkit';
import { newEvent } from '../src';
import { Broker } from '../events';
import { createLogger } from '../ops';
import { openRabbit, type Rabbit } from './support/rabbit';

const names = isolatedNames('servicekit');
const queue = `${names.queuePrefix}.broker-tap`;
const logger = createLogger('test', 'silent');
let rabbit: Rabbit;
let broker: Broker;

beforeAll(async () => {
  rabbit = await openRabbit(infraEnv().amqpUrl, names.exchange);
  rabbit.own(queue);
  await rabbit.channel.assertQueue(queue, { durable: false });
  await rabbit.channel.bindQueue(queue, names.exchange, '#');
  broker = new Broker(infraEnv().amqpUrl, names.exchange, logger);
  await broker.start();
});

afterAll(async () => {
  await broker?.close();
  await rabbit?.close();
});

const event = () => newEvent('test.broker_probe', { orgId: 'org_a' });

describe('Broker', () => {
  it('resolves publish only once the message is confirmed: it is in the bound queue right after', async () => {
    const envelope = event();
    await broker.publish(envelope);
    const msg = await rabbit.channel.get(queue, { noAck: true });
    expect(msg).not.toBe(false);
    if (!msg) return;
    expect(JSON.parse(msg.content.toString())).toEqual(envelope);
    expect(msg.fields.routingKey).toBe('test.broker_probe');
    expect(msg.properties).toMatchObject({ messageId: envelope.id, deliveryMode: 2, contentType: 'application/json' });
  });

  it('reports connected and passes its readiness check once started', async () => {
    expect(broker.connected).toBe(true);
    await expect(broker.check()).resolves.toBeUndefined();
  });

  it('rejects publish with "broker not connected" before start', async () => {
    const idle = new Broker(infraEnv().amqpUrl, names.exchange, logger);
    expect(idle.connected).toBe(false);
    await expect(idle.publish(event())).rejects.toThrow('broker not connected');
    await expect(idle.check()).rejects.toThrow('broker not connected');
  });

  it('rejects publish with "broker not connected" after close', async () => {
    const closing = new Broker(infraEnv().amqpUrl, names.exchange, logger);
    await closing.start();
    await closing.close();
    await expect(closing.publish(event())).rejects.toThrow('broker not connected');
  });
});
