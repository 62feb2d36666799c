import mongoose, { type Connection, type Model } from 'mongoose';
import type { ConsumeMessage } from 'amqplib';
import { eventually, infraEnv, isolatedNames } from '@stockyard/testkit';
import type { EventEnvelope } from '@stockyard/contracts';
import { newEvent, OutboxRelay, outboxFields } from '../src';
import { Broker, outboxOf } from '../events';
import { connectMongo, createLogger, metricsRegistry } from '../ops';
import { documentKey, documentLocks } from '../store';
import { withEvents, type OutboxEntry } from '../src/events/outbox';
import { openRabbit, type Rabbit } from './support/rabbit';

interface Thing {
  _id: string;
  name: string;
  outbox?: OutboxEntry[];
  outboxPending?: boolean;
}

const names = isolatedNames('servicekit');
const logger = createLogger('test', 'silent');
let connection: Connection;
let Things: Model<Thing>;
let rabbit: Rabbit;
let received: ConsumeMessage[];
let broker: Broker;
const relays: OutboxRelay[] = [];
const brokers: Broker[] = [];

beforeAll(async () => {
  connection = await connectMongo(infraEnv().mongoUrl, names.database);
  Things = connection.model<Thing>('Thing', new mongoose.Schema({ _id: String, name: String, ...outboxFields }));
  rabbit = await openRabbit(infraEnv().amqpUrl, names.exchange);
  received = await rabbit.tap(`${names.queuePrefix}.outbox-tap`);
  broker = new Broker(infraEnv().amqpUrl, names.exchange, logger);
  brokers.push(broker);
  await broker.start();
});

afterEach(async () => {
  for (const relay of relays.splice(0)) await relay.stop();
  jest.restoreAllMocks();
});

afterAll(async () => {
  for (const b of brokers) await b.close();
  await rabbit?.close();
  await connection?.dropDatabase();
  await connection?.close();
});

function startRelay(via: Broker, intervalMs = 50): OutboxRelay {
  const relay = new OutboxRelay([Things.collection], via, logger, { intervalMs });
  relays.push(relay);
  relay.start();
  return relay;
}

let seq = 0;
const event = () => newEvent('test.thing_changed', { orgId: 'org_a', seq: ++seq });
const receivedIds = () => received.map((m) => m.properties.messageId as string);
const stored = (id: string) => Things.findById(id).lean().orFail();
/** Resolves once the document's outbox is drained and its flag cleared. */
const drained = (id: string) =>
  eventually(async () => {
    const doc = await stored(id);
    return doc.outbox?.length === 0 && doc.outboxPending === undefined ? doc : undefined;
  });

describe('OutboxRelay', () => {
  it('publishes events of inserted (outboxOf) and updated (withEvents) documents, then clears the outbox', async () => {
    const [e1, e2, e3] = [event(), event(), event()];
    await Things.create({ _id: 'inserted', name: 'a', ...outboxOf([e1, e2]) });
    await Things.create({ _id: 'updated', name: 'b' });
    await Things.updateOne({ _id: 'updated' }, withEvents({ $set: { name: 'b2' } }, [e3]));
    startRelay(broker);

    await eventually(() => ([e1.id, e2.id, e3.id].every((id) => receivedIds().includes(id)) ? true : undefined));
    expect((await drained('inserted')).outboxPending).toBeUndefined();
    expect((await drained('updated')).name).toBe('b2');
  });

  it('publishes each event as a persistent message with messageId = event id and the name as routing key', async () => {
    const e = event();
    await Things.create({ _id: 'props', name: 'p', ...outboxOf([e]) });
    startRelay(broker);

    const msg = await eventually(() => received.find((m) => m.properties.messageId === e.id));
    expect(msg.properties.deliveryMode).toBe(2);
    expect(msg.fields.routingKey).toBe('test.thing_changed');
    expect(JSON.parse(msg.content.toString())).toEqual(e);
  });

  it('keeps an event pushed onto the document while the relay publishes, and publishes it next', async () => {
    const [first, late] = [event(), event()];
    await Things.create({ _id: 'racing', name: 'r', ...outboxOf([first]) });
    const publish = broker.publish.bind(broker);
    // The write lands between the relay reading the document and clearing its flag.
    jest.spyOn(broker, 'publish').mockImplementationOnce(async (envelope) => {
      await Things.updateOne({ _id: 'racing' }, withEvents({ $set: { name: 'r2' } }, [late]));
      return publish(envelope);
    });
    startRelay(broker);

    await eventually(() => (receivedIds().includes(late.id) ? true : undefined));
    expect(receivedIds().filter((id) => id === first.id || id === late.id)).toEqual([first.id, late.id]);
    await drained('racing');
  });

  it('keeps an entry whose publish was not confirmed and publishes it on a later pass', async () => {
    const e = event();
    await Things.create({ _id: 'nacked', name: 'n', ...outboxOf([e]) });
    const publish = jest.spyOn(broker, 'publish').mockRejectedValueOnce(new Error('message nacked'));
    startRelay(broker);

    await eventually(() => (receivedIds().includes(e.id) ? true : undefined));
    expect(publish).toHaveBeenCalledTimes(2);
    await drained('nacked');
  });

  it('publishes what a kick says was pushed and clears it without reading the document back', async () => {
    await Things.create({ _id: 'kicked', name: 'k' });
    const relay = startRelay(broker, 60_000); // one sweep at start, none during the test
    await new Promise((r) => setTimeout(r, 200));
    // The full flush is the one that reads the document back.
    const fullFlush = jest.spyOn(relay as unknown as { flush: () => Promise<void> }, 'flush');
    const [e1, e2] = [event(), event()];
    await Things.updateOne({ _id: 'kicked' }, withEvents({ $set: { name: 'k1' } }, [e1]));
    await Things.updateOne({ _id: 'kicked' }, withEvents({ $set: { name: 'k2' } }, [e2]));
    relay.kick(Things.collection, 'kicked', [e1, e2]);

    await eventually(() => ([e1.id, e2.id].every((id) => receivedIds().includes(id)) ? true : undefined));
    await drained('kicked');
    expect(fullFlush).not.toHaveBeenCalled();
  });

  it('publishes the rest of the outbox too when a kick names only part of it', async () => {
    const [earlier, pushed] = [event(), event()];
    await Things.create({ _id: 'partly', name: 'p' });
    const relay = startRelay(broker, 60_000);
    await new Promise((r) => setTimeout(r, 200));
    // An entry no kick mentions: a write whose process died before its kick, say.
    await Things.updateOne({ _id: 'partly' }, withEvents({ $set: { name: 'p1' } }, [earlier]));
    await Things.updateOne({ _id: 'partly' }, withEvents({ $set: { name: 'p2' } }, [pushed]));
    const fullFlush = jest.spyOn(relay as unknown as { flush: () => Promise<void> }, 'flush');
    relay.kick(Things.collection, 'partly', [pushed]);

    await eventually(() => ([earlier.id, pushed.id].every((id) => receivedIds().includes(id)) ? true : undefined));
    await drained('partly');
    expect(fullFlush).toHaveBeenCalledTimes(1);
  });

  it('leaves a kicked document to its kick: a concurrent sweep does not publish its events a second time', async () => {
    await Things.create({ _id: 'swept', name: 's' });
    const relay = startRelay(broker, 60_000);
    await new Promise((r) => setTimeout(r, 200));
    const e = event();
    await Things.updateOne({ _id: 'swept' }, withEvents({ $set: { name: 's1' } }, [e]));
    // A sweep starts (it reads the pending documents) before the writer's kick arrives.
    (relay as unknown as { schedule: (sweep: boolean) => void }).schedule(true);
    relay.kick(Things.collection, 'swept', [e]);

    await eventually(() => (receivedIds().includes(e.id) ? true : undefined));
    await drained('swept');
    await new Promise((r) => setTimeout(r, 200));
    expect(receivedIds().filter((id) => id === e.id)).toHaveLength(1);
  });

  it('still flushes a kicked document when a sweep comes due before the kick is handled', async () => {
    await Things.create([
      { _id: 'first', name: 'f' },
      { _id: 'second', name: 's' },
    ]);
    const relay = startRelay(broker, 60_000);
    await new Promise((r) => setTimeout(r, 200));
    const [e1, e2] = [event(), event()];
    await Things.updateOne({ _id: 'first' }, withEvents({ $set: { name: 'f1' } }, [e1]));
    await Things.updateOne({ _id: 'second' }, withEvents({ $set: { name: 's1' } }, [e2]));
    relay.kick(Things.collection, 'first', [e1]); // the relay is now busy with this one
    relay.kick(Things.collection, 'second', [e2]);
    (relay as unknown as { schedule: (sweep: boolean) => void }).schedule(true); // the timer's sweep, due meanwhile

    // Well before the next sweep (60 s) or the kick grace (5 s) could make up for a dropped kick.
    await eventually(() => (receivedIds().includes(e2.id) ? true : undefined), 2_000);
    await drained('second');
  });

  describe('with writers that go through prepareWrite', () => {
    function startFoldingRelay(foldWaitMs: number): OutboxRelay {
      const relay = new OutboxRelay([Things.collection], broker, logger, { intervalMs: 60_000, foldWaitMs });
      relays.push(relay);
      relay.start();
      return relay;
    }
    /** A writer as the services write: under the document's lock, its events on the write, then a kick. */
    async function write(relay: OutboxRelay, _id: string, name: string, events: EventEnvelope[]): Promise<boolean> {
      const applied = await documentLocks.run(documentKey(Things.collection.collectionName, _id), async () => {
        const prepared = relay.prepareWrite(Things.collection, _id, { $set: { name } }, events);
        const result = await Things.collection.updateOne({ _id: _id as never, ...prepared.filter }, prepared.update);
        prepared.settle(result.modifiedCount === 1);
        return result.modifiedCount === 1;
      });
      if (applied) relay.kick(Things.collection, _id, events);
      return applied;
    }
    const published = (e: EventEnvelope) => eventually(() => (receivedIds().includes(e.id) ? true : undefined), 5_000);
    const idsOnDoc = async (id: string) => ((await stored(id)).outbox ?? []).map((entry) => entry.id);
    /** Until the relay has cleared the document once, it does not know its outbox; this makes it known. */
    async function known(relay: OutboxRelay, id: string): Promise<void> {
      await Things.create({ _id: id, name: 'n' });
      const first = event();
      await write(relay, id, 'n0', [first]);
      await published(first);
      await drained(id);
    }

    it('takes the published entries off with the next write instead of a write of its own', async () => {
      const relay = startFoldingRelay(60_000);
      await known(relay, 'folded');
      const relayWrites = jest.spyOn(Things.collection, 'updateOne');
      const [e1, e2] = [event(), event()];

      await write(relay, 'folded', 'n1', [e1]);
      await published(e1);
      await new Promise((r) => setTimeout(r, 200));
      expect(await idsOnDoc('folded')).toEqual([e1.id]); // published, left for the next write
      await write(relay, 'folded', 'n2', [e2]);
      expect(await idsOnDoc('folded')).toEqual([e2.id]); // e1 left with that write
      await published(e2);
      await new Promise((r) => setTimeout(r, 200));
      // The two writers' updates, and not one from the relay.
      expect(relayWrites).toHaveBeenCalledTimes(2);
      expect(receivedIds().filter((id) => id === e1.id || id === e2.id)).toEqual([e1.id, e2.id]);
    });

    it('knows the outbox of a prepareInsert document: its next write takes the published entries off', async () => {
      const relay = startFoldingRelay(60_000);
      const [created, changed] = [event(), event()];
      await documentLocks.run(documentKey(Things.collection.collectionName, 'inserted-known'), async () => {
        const insert = relay.prepareInsert(Things.collection, 'inserted-known', [created]);
        await Things.collection.insertOne({ _id: 'inserted-known' as never, name: 'i', ...insert.fields });
        insert.settle(true);
      });
      relay.kick(Things.collection, 'inserted-known', [created]);
      await published(created);
      await new Promise((r) => setTimeout(r, 200));
      expect(await idsOnDoc('inserted-known')).toEqual([created.id]); // no clearing write of its own

      await write(relay, 'inserted-known', 'i2', [changed]);
      expect(await idsOnDoc('inserted-known')).toEqual([changed.id]);
    });

    it('knows the empty outbox of a document inserted without events: no pull after its first write', async () => {
      const relay = startFoldingRelay(60_000);
      const [first, second] = [event(), event()];
      await documentLocks.run(documentKey(Things.collection.collectionName, 'inserted-empty'), async () => {
        const insert = relay.prepareInsert(Things.collection, 'inserted-empty', []);
        expect(insert.fields).toEqual({ outbox: [] }); // nothing pending: the sweep has nothing to find
        await Things.collection.insertOne({ _id: 'inserted-empty' as never, name: 'i', ...insert.fields });
        insert.settle(true);
      });
      const relayWrites = jest.spyOn(Things.collection, 'updateOne');
      await write(relay, 'inserted-empty', 'i1', [first]);
      await published(first);
      await new Promise((r) => setTimeout(r, 200));
      expect(await idsOnDoc('inserted-empty')).toEqual([first.id]); // published, left for the next write
      await write(relay, 'inserted-empty', 'i2', [second]);
      expect(await idsOnDoc('inserted-empty')).toEqual([second.id]);
      expect(relayWrites).toHaveBeenCalledTimes(2); // the writer's two updates only
    });

    it('clears the published entries of a document nobody writes again after foldWaitMs', async () => {
      const relay = startFoldingRelay(300);
      await known(relay, 'idle');
      const e = event();
      await write(relay, 'idle', 'n1', [e]);
      await published(e);
      const doc = await drained('idle');
      expect(doc.name).toBe('n1');
      expect(receivedIds().filter((id) => id === e.id)).toHaveLength(1);
    });

    /** Documents inserted with an event each, as `createAll` inserts them, and their events published. */
    async function insertedAndPublished(relay: OutboxRelay, ids: string[]): Promise<EventEnvelope[]> {
      const events = ids.map(() => event());
      for (const [i, _id] of ids.entries()) {
        await documentLocks.run(documentKey(Things.collection.collectionName, _id), async () => {
          const insert = relay.prepareInsert(Things.collection, _id, [events[i]!]);
          await Things.collection.insertOne({ _id: _id as never, name: 'i', ...insert.fields });
          insert.settle(true);
        });
      }
      for (const [i, _id] of ids.entries()) relay.kick(Things.collection, _id, [events[i]!]);
      for (const e of events) await published(e);
      return events;
    }

    it('clears many documents nobody writes again in one update, not one each', async () => {
      const relay = startFoldingRelay(2_000);
      const ids = Array.from({ length: 8 }, (_, i) => `idle-many-${i}`);
      const clearsOne = jest.spyOn(Things.collection, 'updateOne');
      const clearsMany = jest.spyOn(Things.collection, 'updateMany');
      const events = await insertedAndPublished(relay, ids);

      for (const id of ids) await drained(id);
      // Due within one tick (or two, at the boundary): one update each time, none per document.
      expect(clearsMany.mock.calls.length).toBeGreaterThanOrEqual(1);
      expect(clearsMany.mock.calls.length).toBeLessThanOrEqual(2);
      expect(clearsOne).not.toHaveBeenCalled();
      for (const e of events) expect(receivedIds().filter((id) => id === e.id)).toHaveLength(1);
    });

    it('clears one by one when one of the batch moved meanwhile, sending nothing twice, losing nothing', async () => {
      const relay = startFoldingRelay(1_000);
      const ids = ['idle-moved-0', 'idle-moved-1', 'idle-moved-2'];
      const events = await insertedAndPublished(relay, ids);
      // Another replica pushes an event this process never heard of onto one of them.
      const theirs = event();
      await Things.updateOne({ _id: ids[1] }, withEvents({}, [theirs]));

      for (const id of ids) await drained(id);
      await published(theirs);
      for (const e of [...events, theirs]) expect(receivedIds().filter((id) => id === e.id)).toHaveLength(1);
    });

    it('does not apply a fold when the outbox is not what it knew, and loses nothing', async () => {
      const relay = startFoldingRelay(60_000);
      await known(relay, 'moved');
      const [mine, theirs, next] = [event(), event(), event()];
      await write(relay, 'moved', 'n1', [mine]);
      await published(mine);
      // Another replica pushes an event this process never heard of.
      await Things.updateOne({ _id: 'moved' }, withEvents({ $set: { name: 'other' } }, [theirs]));

      expect(await write(relay, 'moved', 'n2', [next])).toBe(false);
      expect((await stored('moved')).name).toBe('other');
      // The writer's retry pushes, and the relay sends everything that was not sent.
      expect(await write(relay, 'moved', 'n2', [next])).toBe(true);
      await published(next);
      await published(theirs);
      await drained('moved');
      expect(receivedIds().filter((id) => id === mine.id)).toHaveLength(1);
    });

    it("on a sweep, leaves entries to the document's next write; stop() takes them off without resending", async () => {
      const relay = startFoldingRelay(60_000);
      await known(relay, 'waiting');
      const e = event();
      await write(relay, 'waiting', 'n1', [e]);
      await published(e);
      (relay as unknown as { schedule: (sweep: boolean) => void }).schedule(true);
      await new Promise((r) => setTimeout(r, 300));
      expect(await idsOnDoc('waiting')).toEqual([e.id]);

      await relay.stop();
      await drained('waiting');
      expect(receivedIds().filter((id) => id === e.id)).toHaveLength(1);
    });
  });

  describe('documents another replica is handling', () => {
    /** A relay past its start-up sweep, as a replica that has been running a while. */
    async function runningRelay(): Promise<OutboxRelay> {
      const relay = startRelay(broker, 60_000);
      await new Promise((r) => setTimeout(r, 200));
      return relay;
    }
    const sweep = (relay: OutboxRelay) => (relay as unknown as { schedule: (sweep: boolean) => void }).schedule(true);

    it("leaves a document with fresh events to its writer's relay; takes it once they are past the grace", async () => {
      const relay = await runningRelay();
      const [fresh, stale] = [event(), event()];
      // Another replica's write a moment ago (its relay is on it), and one from a replica that died 6 s ago.
      await Things.create({ _id: 'theirs-fresh', name: 'f', ...outboxOf([fresh]) });
      await Things.create({
        _id: 'theirs-stale',
        name: 's',
        ...outboxOf([stale]),
        outboxAt: new Date(Date.now() - 6_000),
      });
      sweep(relay);

      await eventually(() => (receivedIds().includes(stale.id) ? true : undefined), 2_000);
      await drained('theirs-stale');
      expect(receivedIds()).not.toContain(fresh.id);
      expect((await stored('theirs-fresh')).outboxPending).toBe(true);
    });

    it("takes every document but its own on its first sweep (a restart's leftovers are fresh too)", async () => {
      const e = event();
      await Things.create({ _id: 'leftover', name: 'l', ...outboxOf([e]) });
      startRelay(broker, 60_000);

      await eventually(() => (receivedIds().includes(e.id) ? true : undefined), 2_000);
      await drained('leftover');
    });

    it('leaves to its writer a document written after it started, even on its first sweep', async () => {
      const e = event();
      // Written while the relay starts: its writer's kick (or a sweep past the grace) publishes it.
      await Things.create({
        _id: 'written-since',
        name: 'r',
        ...outboxOf([e]),
        outboxAt: new Date(Date.now() + 1_000),
      });
      startRelay(broker, 60_000);

      await new Promise((r) => setTimeout(r, 500));
      expect(receivedIds()).not.toContain(e.id);
      expect(((await stored('written-since')).outbox ?? []).map((entry) => entry.id)).toEqual([e.id]);
    });
  });

  describe('with a local handler', () => {
    const noted = () => newEvent('test.thing_noted', { orgId: 'org_a', seq: ++seq });
    function startLocalRelay(handle: (e: EventEnvelope) => Promise<void>, intervalMs: number): OutboxRelay {
      const relay = new OutboxRelay([Things.collection], broker, logger, {
        intervalMs,
        local: { 'test.thing_noted': handle },
      });
      relays.push(relay);
      relay.start();
      return relay;
    }

    it('hands the event to the handler, not the broker, and reruns a failed handler on a later pass', async () => {
      const handled: string[] = [];
      let failures = 1;
      const handle = jest.fn(async (e: EventEnvelope) => {
        if (failures-- > 0) throw new Error('ledger unavailable');
        handled.push(e.id);
      });
      const [internal, published] = [noted(), event()];
      await Things.create({ _id: 'local', name: 'l', ...outboxOf([internal, published]) });
      startLocalRelay(handle, 50);

      await eventually(() => (handled.includes(internal.id) ? true : undefined));
      await drained('local');
      expect(handle).toHaveBeenCalledTimes(2);
      expect(receivedIds()).toContain(published.id);
      expect(receivedIds()).not.toContain(internal.id);
    });

    it('runs the handler for what a kick names before clearing it', async () => {
      await Things.create({ _id: 'local-kick', name: 'k' });
      const handled: string[] = [];
      const relay = startLocalRelay(async (e) => void handled.push(e.id), 60_000);
      await new Promise((r) => setTimeout(r, 200));
      const [internal, published] = [noted(), event()];
      await Things.updateOne({ _id: 'local-kick' }, withEvents({ $set: { name: 'k1' } }, [internal, published]));
      relay.kick(Things.collection, 'local-kick', [internal, published]);

      await eventually(() => (receivedIds().includes(published.id) ? true : undefined), 2_000);
      await drained('local-kick');
      expect(handled).toEqual([internal.id]);
      expect(receivedIds()).not.toContain(internal.id);
    });
  });

  describe('while the broker is slow to confirm one document', () => {
    /** The real broker, holding back the publish of chosen events until released. */
    class SlowBroker extends Broker {
      readonly held = new Set<string>();
      release!: () => void;
      private readonly gate = new Promise<void>((resolve) => (this.release = resolve));
      override async publish(envelope: EventEnvelope): Promise<void> {
        if (this.held.has(envelope.id)) await this.gate;
        return super.publish(envelope);
      }
    }
    let slow: SlowBroker;
    beforeEach(async () => {
      slow = new SlowBroker(infraEnv().amqpUrl, names.exchange, logger);
      brokers.push(slow);
      await slow.start();
    });
    afterEach(() => slow.release());

    it("flushes another document's kick at once instead of after it", async () => {
      await Things.create([
        { _id: 'held', name: 'h' },
        { _id: 'free', name: 'f' },
      ]);
      const relay = startRelay(slow, 60_000);
      await new Promise((r) => setTimeout(r, 200));
      const [stuck, quick] = [event(), event()];
      slow.held.add(stuck.id);
      await Things.updateOne({ _id: 'held' }, withEvents({ $set: { name: 'h1' } }, [stuck]));
      await Things.updateOne({ _id: 'free' }, withEvents({ $set: { name: 'f1' } }, [quick]));
      relay.kick(Things.collection, 'held', [stuck]);
      relay.kick(Things.collection, 'free', [quick]);

      await eventually(() => (receivedIds().includes(quick.id) ? true : undefined), 2_000);
      await drained('free');
      expect(receivedIds()).not.toContain(stuck.id);
      slow.release();
      await eventually(() => (receivedIds().includes(stuck.id) ? true : undefined));
      await drained('held');
    });

    it('never makes a writer of the document wait for the confirm, and publishes its write next', async () => {
      await Things.create({ _id: 'busy', name: 'b' });
      const relay = startRelay(slow, 60_000);
      await new Promise((r) => setTimeout(r, 200));
      const [first, second] = [event(), event()];
      slow.held.add(first.id);
      await Things.updateOne({ _id: 'busy' }, withEvents({ $set: { name: 'b1' } }, [first]));
      relay.kick(Things.collection, 'busy', [first]);
      await new Promise((r) => setTimeout(r, 100)); // the relay is waiting on the broker now

      // A writer takes the document's lock, as the services' writers do.
      const wrote = documentLocks.run(documentKey(Things.collection.collectionName, 'busy'), () =>
        Things.updateOne({ _id: 'busy' }, withEvents({ $set: { name: 'b2' } }, [second])),
      );
      await expect(
        Promise.race([wrote.then(() => 'written'), new Promise((r) => setTimeout(() => r('blocked'), 1_000))]),
      ).resolves.toBe('written');
      relay.kick(Things.collection, 'busy', [second]);

      slow.release();
      await eventually(() => ([first.id, second.id].every((id) => receivedIds().includes(id)) ? true : undefined));
      await drained('busy');
      expect(receivedIds().filter((id) => id === first.id || id === second.id)).toHaveLength(2);
    });
  });

  it('removes nothing while the broker is not connected and publishes once it connects', async () => {
    const offline = new Broker(infraEnv().amqpUrl, names.exchange, logger);
    brokers.push(offline);
    const e = event();
    await Things.create({ _id: 'offline', name: 'o', ...outboxOf([e]) });
    startRelay(offline);

    await new Promise((r) => setTimeout(r, 400)); // several sweeps while disconnected
    const waiting = await stored('offline');
    expect(waiting.outbox?.map((entry) => entry.id)).toEqual([e.id]);
    expect(waiting.outboxPending).toBe(true);
    expect(receivedIds()).not.toContain(e.id);
    const backlog = async () => {
      const text = await metricsRegistry.metrics();
      const line = (name: string) => text.split('\n').find((l) => l.startsWith(`${name}{collection="things"}`));
      return [line('stockyard_outbox_backlog'), line('stockyard_outbox_oldest_age_seconds')].map((l) =>
        Number(l?.split(' ').pop()),
      );
    };
    const [pending, age] = await backlog();
    expect(pending).toBe(1);
    expect(age).toBeGreaterThanOrEqual(0.4);

    await offline.start();
    await eventually(() => (receivedIds().includes(e.id) ? true : undefined));
    await drained('offline');
    await new Promise((r) => setTimeout(r, 1000)); // past the metrics' one-second read
    expect(await backlog()).toEqual([0, 0]);
  });
});
