import { Schema, type Model } from 'mongoose';
import { isolatedNames } from '@stockyard/testkit';
import { AggregateStore, AppError, newEvent, outboxFields, type Decision } from '../src';
import { conflict } from '../src/errors';
import { useTestDatabase } from './support/database';
import { useRelay } from './support/relay';

interface Counter {
  id: string;
  orgId: string;
  version: number;
  count: number;
  name: string;
  tags: string[];
}

const db = useTestDatabase();
const names = isolatedNames('kit-store');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test's own schema
let model: Model<any>;

const schema = new Schema(
  { _id: String, orgId: String, count: Number, name: String, tags: [String], version: Number, ...outboxFields },
  { versionKey: false },
);
const newStore = (options: Partial<ConstructorParameters<typeof AggregateStore<Counter>>[2]> = {}) =>
  new AggregateStore<Counter>(model, relayed().relay, {
    name: 'Counter',
    duplicate: () => conflict('That counter exists', 'counter_taken'),
    ...options,
  });
const add =
  (n: number) =>
  (c: Counter): Decision<Counter, number> => ({ state: { ...c, count: c.count + n }, result: c.count + n });

beforeAll(() => {
  model = db().model('StoreCounter', schema, 'store_counters');
});
const relayed = useRelay(names.exchange, () => [model.collection]);

describe('AggregateStore', () => {
  it('creates an aggregate and reads it back for its organization only', async () => {
    const store = newStore();
    const created = await store.create({ id: 'ctr_1', orgId: 'org_a', count: 0, name: 'one', tags: [] });
    expect(created).toMatchObject({ id: 'ctr_1', orgId: 'org_a', count: 0, version: 1 });
    expect(await store.read('org_a', 'ctr_1')).toMatchObject({ id: 'ctr_1', count: 0, version: 1 });
    expect(await store.read('org_b', 'ctr_1')).toBeUndefined();
    const doc = await model.collection.findOne({ _id: 'ctr_1' as never });
    expect(doc).toMatchObject({ createdAt: expect.any(Date), updatedAt: expect.any(Date) });
  });

  it('reads many by id (1,200 over several reads) for their organization only, keyed by the ids asked', async () => {
    const store = newStore();
    const ids = Array.from({ length: 1_200 }, (_, i) => `ctr_many_${i}`);
    await model.collection.insertMany(
      ids.map((id, i) => ({ _id: id as never, orgId: i === 7 ? 'org_b' : 'org_a', count: i, version: 1, tags: [] })),
    );
    const found = await store.readMany('org_a', [...ids, 'ctr_many_missing', ids[0]!]);
    expect(found.size).toBe(1_199);
    expect(found.get('ctr_many_7')).toBeUndefined();
    expect(found.get('ctr_many_1199')).toMatchObject({ id: 'ctr_many_1199', count: 1199, version: 1 });
    const keyed = new AggregateStore<Counter>(model, relayed().relay, {
      name: 'Keyed',
      documentId: (o, id) => `${o}:${id}`,
    });
    await keyed.create({ id: 'k1', orgId: 'org_a', count: 5, name: 'k', tags: [] });
    expect([...(await keyed.readMany('org_a', ['k1', 'k2'])).keys()]).toEqual(['k1']);
  });

  it("turns a taken id into the aggregate's own error", async () => {
    const store = newStore();
    await store.create({ id: 'ctr_dup', orgId: 'org_a', count: 0, name: 'x', tags: [] });
    const again = store.create({ id: 'ctr_dup', orgId: 'org_a', count: 0, name: 'x', tags: [] });
    await expect(again).rejects.toMatchObject({ code: 'counter_taken', status: 409 });
  });

  it("changes by a pure decision, returns the decision's result, and writes only the changed fields", async () => {
    const store = newStore();
    await store.create({ id: 'ctr_2', orgId: 'org_a', count: 1, name: 'two', tags: ['a'] });
    await model.collection.updateOne({ _id: 'ctr_2' as never }, { $set: { untouched: 'kept' } });
    const { state, result, changed } = await store.change('org_a', 'ctr_2', add(2));
    expect({ count: state.count, version: state.version, result, changed }).toEqual({
      count: 3,
      version: 2,
      result: 3,
      changed: true,
    });
    expect(await model.collection.findOne({ _id: 'ctr_2' as never })).toMatchObject({ count: 3, untouched: 'kept' });
  });

  it('writes an array by its changed elements (tags.2) when few changed, else whole', async () => {
    const store = newStore({ remember: 10 });
    await store.create({ id: 'ctr_arr', orgId: 'org_a', count: 0, name: 'arr', tags: ['a', 'b', 'c', 'd'] });
    // Behind the store's back, without a version: an element write leaves it, a whole-array write would not.
    await model.collection.updateOne({ _id: 'ctr_arr' as never }, { $set: { 'tags.0': 'outside' } });
    const one = (c: Counter) => ({ state: { ...c, tags: c.tags.map((t, i) => (i === 2 ? 'x' : t)) } });
    await store.change('org_a', 'ctr_arr', one);
    expect((await model.collection.findOne({ _id: 'ctr_arr' as never }))?.tags).toEqual(['outside', 'b', 'x', 'd']);
    await store.change('org_a', 'ctr_arr', (c) => ({ state: { ...c, tags: ['p', 'q', 'r', 'd'] } }));
    expect((await model.collection.findOne({ _id: 'ctr_arr' as never }))?.tags).toEqual(['p', 'q', 'r', 'd']);
    expect(store.remembered('org_a', 'ctr_arr')).toMatchObject({ tags: ['p', 'q', 'r', 'd'], version: 3 });
    expect(store.remembered('org_b', 'ctr_arr')).toBeUndefined();
  });

  it('writes nothing when the decision changes nothing and has no events', async () => {
    const store = newStore();
    await store.create({ id: 'ctr_3', orgId: 'org_a', count: 0, name: 'three', tags: [] });
    const { changed, state } = await store.change('org_a', 'ctr_3', (c) => ({ state: { ...c }, result: 'same' }));
    expect(changed).toBe(false);
    expect(state.version).toBe(1);
    expect((await model.collection.findOne({ _id: 'ctr_3' as never }))?.version).toBe(1);
  });

  it("answers 404 for a missing or another org's aggregate; a decision that throws changes nothing", async () => {
    const store = newStore();
    await store.create({ id: 'ctr_4', orgId: 'org_a', count: 5, name: 'four', tags: [] });
    await expect(store.change('org_a', 'ctr_none', add(1))).rejects.toMatchObject({ code: 'resource_not_found' });
    await expect(store.change('org_b', 'ctr_4', add(1))).rejects.toMatchObject({ status: 404 });
    const refused = store.change('org_a', 'ctr_4', () => {
      throw conflict('no', 'refused');
    });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    expect(await store.read('org_a', 'ctr_4')).toMatchObject({ count: 5, version: 1 });
  });

  it('starts a missing aggregate from `initial` and inserts it on its first change', async () => {
    const store = newStore({
      documentId: (orgId, id) => `${orgId}:${id}`,
      initial: (orgId, id) => ({ id, orgId, version: 0, count: 0, name: id, tags: [] }),
    });
    const first = await store.change('org_a', 'lazy', add(4));
    expect(first.state).toMatchObject({ count: 4, version: 1 });
    expect(await model.collection.findOne({ _id: 'org_a:lazy' as never })).toMatchObject({ count: 4, orgId: 'org_a' });
    expect((await store.change('org_a', 'lazy', add(1))).state.count).toBe(5);
  });

  it('serializes concurrent changes in one process: 50 increments give 50', async () => {
    const store = newStore();
    await store.create({ id: 'ctr_hot', orgId: 'org_a', count: 0, name: 'hot', tags: [] });
    await Promise.all(Array.from({ length: 50 }, () => store.change('org_a', 'ctr_hot', add(1))));
    expect((await store.read('org_a', 'ctr_hot'))?.count).toBe(50);
  });

  it('decides again on a state another replica wrote, even when it remembers its own last write', async () => {
    const mine = newStore({ remember: 100 });
    const theirs = newStore({ remember: 100 });
    await mine.create({ id: 'ctr_5', orgId: 'org_a', count: 0, name: 'five', tags: [] });
    await mine.change('org_a', 'ctr_5', add(1)); // remembered at version 2
    await model.collection.updateOne({ _id: 'ctr_5' as never }, { $set: { count: 10 }, $inc: { version: 1 } });
    expect((await theirs.read('org_a', 'ctr_5'))?.count).toBe(10);
    const { state, result } = await mine.change('org_a', 'ctr_5', add(1));
    expect({ count: state.count, version: state.version, result }).toEqual({ count: 11, version: 4, result: 11 });
  });

  it('never changes a remembered aggregate for another organization (issue #30)', async () => {
    const store = newStore({ remember: 100 });
    await store.create({ id: 'ctr_6', orgId: 'org_a', count: 1, name: 'six', tags: [] });
    await store.change('org_a', 'ctr_6', add(1)); // remembered
    await expect(store.change('org_b', 'ctr_6', add(100))).rejects.toMatchObject({ status: 404 });
    expect(await store.read('org_a', 'ctr_6')).toMatchObject({ count: 2, version: 2 });
  });

  it('changes a document stored without a version (written before a store kept one) as version 0', async () => {
    const store = newStore();
    await model.collection.insertOne({ _id: 'ctr_old', orgId: 'org_a', count: 3, name: 'old', tags: [] } as never);
    expect(await store.read('org_a', 'ctr_old')).toMatchObject({ count: 3, version: 0 });
    expect((await store.change('org_a', 'ctr_old', add(1))).state).toMatchObject({ count: 4, version: 1 });
    expect(await model.collection.findOne({ _id: 'ctr_old' } as never)).toMatchObject({ count: 4, version: 1 });
  });

  it('gives up with 503 contention when the version guard keeps failing', async () => {
    const store = newStore({ maxAttempts: 3 });
    await store.create({ id: 'ctr_busy', orgId: 'org_a', count: 0, name: 'busy', tags: [] });
    // Another writer always gets there first: each guarded update is preceded by one that moves the version on.
    const collection = model.collection;
    const updateOne = collection.updateOne.bind(collection);
    const raced = jest.spyOn(collection, 'updateOne').mockImplementation(async (filter: object, update: object) => {
      await updateOne({ _id: 'ctr_busy' as never }, { $inc: { version: 1 } });
      return updateOne(filter, update);
    });
    try {
      const busy = store.change('org_a', 'ctr_busy', add(1));
      await expect(busy).rejects.toMatchObject({ status: 503, code: 'contention', headers: { 'Retry-After': '1' } });
      // Only the store's guarded writes: a relay may still be clearing an outbox meanwhile.
      const guarded = raced.mock.calls.filter(([filter]) => 'version' in filter);
      expect(guarded).toHaveLength(3);
    } finally {
      raced.mockRestore();
    }
    expect((await store.read('org_a', 'ctr_busy'))?.count).toBe(0);
  });

  it('puts the events in the same write and the relay publishes them', async () => {
    const received = await relayed().rabbit.tap(`${names.exchange}.tap`, 'counter.#');
    const store = newStore();
    await store.create({ id: 'ctr_ev', orgId: 'org_a', count: 0, name: 'ev', tags: [] }, [
      newEvent('counter.created', { orgId: 'org_a', counterId: 'ctr_ev' }),
    ]);
    await store.change('org_a', 'ctr_ev', (c) => ({
      state: { ...c, count: 1 },
      events: [newEvent('counter.bumped', { orgId: 'org_a', counterId: 'ctr_ev', count: 1 })],
    }));
    const deadline = Date.now() + 10_000;
    while (received.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(received.map((m) => m.fields.routingKey).sort()).toEqual(['counter.bumped', 'counter.created']);
  });

  it('removes an aggregate of the organization only', async () => {
    const store = newStore();
    await store.create({ id: 'ctr_rm', orgId: 'org_a', count: 0, name: 'rm', tags: [] });
    expect(await store.remove('org_b', 'ctr_rm')).toBe(false);
    expect(await store.remove('org_a', 'ctr_rm')).toBe(true);
    expect(await store.read('org_a', 'ctr_rm')).toBeUndefined();
  });

  it('removes only while the condition holds', async () => {
    const store = newStore();
    await store.create({ id: 'ctr_rmc', orgId: 'org_a', count: 3, name: 'rmc', tags: [] });
    expect(await store.remove('org_a', 'ctr_rmc', { count: 2 })).toBe(false);
    expect(await store.remove('org_a', 'ctr_rmc', { count: 3 })).toBe(true);
  });

  it('updates one document by a condition, forgetting what it remembers, and upserts when asked', async () => {
    const store = newStore({ remember: 10 });
    await store.create({ id: 'ctr_uw', orgId: 'org_a', count: 1, name: 'uw', tags: [] });
    await store.change('org_a', 'ctr_uw', add(1));
    const missed = await store.updateWhere('ctr_uw', { count: 1 }, { $set: { name: 'no' } });
    expect(missed).toBeUndefined();
    const hit = await store.updateWhere('ctr_uw', { count: 2 }, { $set: { name: 'yes' }, $inc: { version: 1 } });
    expect(hit).toMatchObject({ _id: 'ctr_uw', name: 'yes', version: 3 });
    expect(store.remembered('org_a', 'ctr_uw')).toBeUndefined();
    expect((await store.change('org_a', 'ctr_uw', add(1))).state).toMatchObject({ name: 'yes', count: 3, version: 4 });
    const upserted = await store.updateWhere(
      'ctr_up',
      {},
      { $max: { count: 5 }, $setOnInsert: { orgId: 'org_a' } },
      {
        upsert: true,
      },
    );
    expect(upserted).toMatchObject({ _id: 'ctr_up', orgId: 'org_a', count: 5 });
    expect(await store.updateWhere('ctr_up', {}, { $max: { count: 4 } })).toMatchObject({ count: 5 });
  });
});
