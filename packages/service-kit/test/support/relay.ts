import type { Collection } from 'mongoose';
import { infraEnv } from '@stockyard/testkit';
import { OutboxRelay } from '../../src';
import { Broker } from '../../events';
import { createLogger } from '../../ops';
import { openRabbit, type Rabbit } from './rabbit';

/** What `useRelay` gives a spec: the broker's exchange tapped, and the relay over its collections. */
interface Relayed {
  relay: OutboxRelay;
  rabbit: Rabbit;
}

/**
 * A broker on the spec's own exchange, a tap of it, and an outbox relay over the collections
 * `collections` names once the spec's earlier `beforeAll` made them; all closed after the file.
 */
export function useRelay(exchange: string, collections: () => Collection[]): () => Relayed {
  let broker: Broker;
  let relayed: Relayed | undefined;
  beforeAll(async () => {
    broker = new Broker(infraEnv().amqpUrl, exchange, createLogger('kit-spec', 'silent'));
    await broker.start();
    const rabbit = await openRabbit(infraEnv().amqpUrl, exchange);
    const relay = new OutboxRelay(collections(), broker, createLogger('kit-spec', 'silent'), { intervalMs: 100 });
    relay.start();
    relayed = { relay, rabbit };
  });
  afterAll(async () => {
    await relayed?.relay.stop();
    await broker.close();
    await relayed?.rabbit.close();
  });
  return () => relayed!;
}
