import mongoose, { type Connection, type Model } from 'mongoose';
import type { ConsumeMessage } from 'amqplib';
import { context, propagation, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { eventually, infraEnv, isolatedNames } from '@stockyard/testkit';
import { newEvent, OutboxRelay, outboxFields } from '../src';
import { Broker, outboxOf } from '../events';
import { connectMongo, createLogger } from '../ops';
import { withEvents, type OutboxEntry } from '../src/events/outbox';
import { openRabbit, type Rabbit } from './support/rabbit';

interface Thing {
  _id: string;
  outbox?: OutboxEntry[];
}

const names = isolatedNames('servicekit');
let connection: Connection;
let Things: Model<Thing>;
let rabbit: Rabbit;
let received: ConsumeMessage[];
let broker: Broker;
let relay: OutboxRelay | undefined;

// What the OpenTelemetry SDK registers in a traced process: a context manager and the W3C propagator.
const contextManager = new AsyncLocalStorageContextManager().enable();
context.setGlobalContextManager(contextManager);
propagation.setGlobalPropagator(new W3CTraceContextPropagator());

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
/** Runs `work` as a request of a traced partner call would: inside an active span. */
const inRequest = <T>(work: () => T): T => {
  const span = trace.wrapSpanContext({ traceId: TRACE_ID, spanId: '00f067aa0ba902b7', traceFlags: TraceFlags.SAMPLED });
  return context.with(trace.setSpan(ROOT_CONTEXT, span), work);
};
const header = (id: string) =>
  eventually(() => received.find((m) => m.properties.messageId === id)).then(
    (msg) => msg.properties.headers?.traceparent as string | undefined,
  );

beforeAll(async () => {
  connection = await connectMongo(infraEnv().mongoUrl, names.database);
  Things = connection.model<Thing>('TracedThing', new mongoose.Schema({ _id: String, ...outboxFields }));
  rabbit = await openRabbit(infraEnv().amqpUrl, names.exchange);
  received = await rabbit.tap(`${names.queuePrefix}.trace-tap`);
  broker = new Broker(infraEnv().amqpUrl, names.exchange, createLogger('test', 'silent'));
  await broker.start();
});

afterEach(async () => {
  await relay?.stop();
  relay = undefined;
});

afterAll(async () => {
  await broker?.close();
  await rabbit?.close();
  await connection?.dropDatabase();
  await connection?.close();
  context.disable();
  propagation.disable();
});

/** Another process's relay: it knows only what the documents hold. */
const sweepingRelay = () => {
  relay = new OutboxRelay([Things.collection], broker, createLogger('test', 'silent'), { intervalMs: 50 });
  relay.start();
};

describe('the outbox keeps the trace an event was made in', () => {
  it('stores it with the entry and publishes the event in it, however much later and from wherever', async () => {
    const [inserted, pushed] = inRequest(() => [
      newEvent('test.thing_changed', { orgId: 'org_a' }),
      newEvent('test.thing_changed', { orgId: 'org_a' }),
    ]);
    await Things.create({ _id: 'traced', ...outboxOf([inserted]) });
    await Things.updateOne({ _id: 'traced' }, withEvents({}, [pushed]));
    const doc = await Things.findById('traced').lean().orFail();
    expect(doc.outbox!.map((entry) => entry.trace)).toEqual([
      `00-${TRACE_ID}-00f067aa0ba902b7-01`,
      `00-${TRACE_ID}-00f067aa0ba902b7-01`,
    ]);

    sweepingRelay();
    for (const event of [inserted, pushed]) {
      expect(await header(event.id)).toBe(`00-${TRACE_ID}-00f067aa0ba902b7-01`);
    }
  });

  it('stores nothing for an event made outside any trace, and its message carries no trace header', async () => {
    const untraced = newEvent('test.thing_changed', { orgId: 'org_a' });
    await Things.create({ _id: 'untraced', ...outboxOf([untraced]) });
    expect((await Things.findById('untraced').lean().orFail()).outbox![0]).not.toHaveProperty('trace');

    // The relay started inside another request's trace (its passes inherit that context): the
    // event does not join it.
    inRequest(sweepingRelay);
    expect(await header(untraced.id)).toBeUndefined();
  });
});
