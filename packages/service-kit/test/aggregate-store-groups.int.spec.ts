import { AsyncLocalStorage } from 'node:async_hooks';
import { Schema, type Model } from 'mongoose';
import { AggregateStore, AppError, newEvent, outboxFields, type Decision } from '../src';
import { conflict } from '../src/errors';
import { isolatedNames } from '@stockyard/testkit';
import { useTestDatabase } from './support/database';
import { useRelay } from './support/relay';

/** A counter whose changes wait for each other on one document (a hot variant's stock, in small). */
interface Counter {
  id: string;
  orgId: string;
  version: number;
  count: number;
}

const db = useTestDatabase();
const names = isolatedNames('kit-groups');
const caller = new AsyncLocalStorage<string>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test's own schema
let model: Model<any>;

/** A store that counts its writes (`afterWrite` runs once per write, under the lock). */
function countingStore() {
  const writes: number[] = [];
  const store = new AggregateStore<Counter>(model, relayed().relay, {
    name: 'Counter',
    remember: 100,
    audit: false,
    afterWrite: (state) => void writes.push(state.version),
  });
  return { store, writes };
}

/** Adds n, refusing to go below zero; the event and the result carry what the caller saw. */
const add =
  (n: number) =>
  (c: Counter): Decision<Counter, { count: number; who: string | undefined }> => {
    if (c.count + n < 0) throw conflict('Not enough', 'not_enough');
    const event = newEvent('counter.added', { orgId: c.orgId, count: c.count + n, version: c.version + 1 });
    return {
      state: { ...c, count: c.count + n },
      events: [event],
      result: { count: c.count + n, who: caller.getStore() },
    };
  };

beforeAll(() => {
  model = db().model(
    'GroupCounter',
    new Schema({ _id: String, orgId: String, count: Number, version: Number, ...outboxFields }, { versionKey: false }),
    'group_counters',
  );
});
const relayed = useRelay(names.exchange, () => [model.collection]);

describe('AggregateStore: changes of one document that wait for each other', () => {
  it('writes them in groups, each decided on the state before it, with its own version and events', async () => {
    const { store, writes } = countingStore();
    await store.create({ id: 'g1', orgId: 'org_g', count: 0 });
    const changes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => caller.run(`caller_${i}`, () => store.change('org_g', 'g1', add(1)))),
    );
    // In call order: each saw the count the one before left, and ran in its own caller's context.
    expect(changes.map((c) => c.result.count)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(changes.map((c) => c.result.who)).toEqual(Array.from({ length: 20 }, (_, i) => `caller_${i}`));
    // Each answered the state its own write would have made: versions 2 to 21, one apart.
    expect(changes.map((c) => c.state.version)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect(changes.map((c) => c.events.map((e) => e.payload.version))).toEqual(changes.map((c) => [c.state.version]));
    // The first went alone; the 19 that queued behind it went together.
    expect(writes.length).toBeLessThanOrEqual(3);
    expect(writes.at(-1)).toBe(21);
    const stored = await model.collection.findOne({ _id: 'g1' as never });
    expect(stored).toMatchObject({ count: 20, version: 21 });
  });

  it('answers a change its own refusal and leaves the others of its group going', async () => {
    const { store } = countingStore();
    await store.create({ id: 'g2', orgId: 'org_g', count: 1 });
    const results = await Promise.allSettled([
      store.change('org_g', 'g2', add(1)), // alone: 2
      store.change('org_g', 'g2', add(-1)), // 1
      store.change('org_g', 'g2', add(-5)), // refused: the count before it is 1
      store.change('org_g', 'g2', add(-1)), // 0
      store.change('org_g', 'g2', add(3)), // 3
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.result.count : r.reason))).toEqual([
      2,
      1,
      expect.any(AppError),
      0,
      3,
    ]);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ status: 409, code: 'not_enough' });
    expect(await store.read('org_g', 'g2')).toMatchObject({ count: 3, version: 5 });
  });

  it('keeps another organization’s change of the same id out of the group (it is not found)', async () => {
    const { store } = countingStore();
    await store.create({ id: 'g3', orgId: 'org_g', count: 0 });
    const results = await Promise.allSettled([
      store.change('org_g', 'g3', add(1)),
      store.change('org_g', 'g3', add(1)),
      store.change('org_other', 'g3', add(1)),
      store.change('org_g', 'g3', add(1)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ status: 404 });
    expect(await store.read('org_g', 'g3')).toMatchObject({ count: 3, version: 4 });
  });

  it('decides the whole group again on a fresh read when another replica wrote the document meanwhile', async () => {
    const { store } = countingStore();
    await store.create({ id: 'g4', orgId: 'org_g', count: 0 });
    await store.change('org_g', 'g4', add(1)); // remembered at version 2
    // Another replica's write: this process's memory is now stale.
    await model.collection.updateOne({ _id: 'g4' as never }, { $set: { count: 10, version: 3 } });
    const changes = await Promise.all([1, 2, 3].map(() => store.change('org_g', 'g4', add(1))));
    expect(changes.map((c) => c.result.count)).toEqual([11, 12, 13]);
    expect(await store.read('org_g', 'g4')).toMatchObject({ count: 13, version: 6 });
  });

  it('publishes every change’s event of a group, in order, and empties the outbox', async () => {
    const received = await relayed().rabbit.tap(`${names.exchange}.tap`, 'counter.#');
    const { store } = countingStore();
    await store.create({ id: 'g5', orgId: 'org_g', count: 0 });
    await Promise.all(Array.from({ length: 8 }, () => store.change('org_g', 'g5', add(1))));
    const deadline = Date.now() + 10_000;
    while (received.length < 8 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const counts = received.map(
      (m) => (JSON.parse(m.content.toString()) as { payload: { count: number } }).payload.count,
    );
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    while (Date.now() < deadline && (await model.collection.findOne({ _id: 'g5' as never }))?.outbox?.length)
      await new Promise((r) => setTimeout(r, 50));
    expect((await model.collection.findOne({ _id: 'g5' as never }))?.outbox ?? []).toEqual([]);
  });

  it('combines batched changes that wait for each other, each aggregate decided in the batches’ order', async () => {
    const { store, writes } = countingStore();
    for (const id of ['b1', 'b2', 'b3']) await store.create({ id, orgId: 'org_b', count: 0 });
    const batches = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        caller.run(`batch_${i}`, () => store.changeMany('org_b', i % 2 ? ['b1', 'b2'] : ['b2', 'b3'], add(1))),
      ),
    );
    const b2 = batches.map((outcomes) => outcomes.get('b2')!);
    // b2 is in every batch: each saw the count the batch before left, in its own caller's context.
    expect(b2.map((o) => o.ok && o.result.count)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(b2.map((o) => o.ok && o.result.who)).toEqual(Array.from({ length: 10 }, (_, i) => `batch_${i}`));
    expect(b2.map((o) => o.ok && o.state.version)).toEqual(Array.from({ length: 10 }, (_, i) => i + 2));
    expect(await store.read('org_b', 'b1')).toMatchObject({ count: 5, version: 6 });
    expect(await store.read('org_b', 'b2')).toMatchObject({ count: 10, version: 11 });
    expect(await store.read('org_b', 'b3')).toMatchObject({ count: 5, version: 6 });
    // Alone, the ten batches would have made 20 writes; the first went alone, the nine behind it together.
    expect(writes.length).toBeLessThanOrEqual(3 + 5); // the creates, the first batch's two, one of each level
  });

  it('answers a combined batch its own refusal of an aggregate, the others’ changes going on', async () => {
    const { store } = countingStore();
    await store.create({ id: 'r1', orgId: 'org_r', count: 1 });
    const batches = await Promise.all([
      store.changeMany('org_r', ['r1'], add(1)), // 2
      store.changeMany('org_r', ['r1'], add(-5)), // refused: 2 - 5 < 0
      store.changeMany('org_r', ['r1', 'r_missing'], add(1)), // 3; r_missing not found
    ]);
    expect(batches.map((outcomes) => outcomes.get('r1'))).toEqual([
      expect.objectContaining({ ok: true, result: expect.objectContaining({ count: 2 }) }),
      { ok: false, error: expect.objectContaining({ status: 409, code: 'not_enough' }) },
      expect.objectContaining({ ok: true, result: expect.objectContaining({ count: 3 }) }),
    ]);
    expect(batches[2].get('r_missing')).toEqual({ ok: false, error: expect.objectContaining({ status: 404 }) });
    expect(await store.read('org_r', 'r1')).toMatchObject({ count: 3, version: 3 });
  });
});
