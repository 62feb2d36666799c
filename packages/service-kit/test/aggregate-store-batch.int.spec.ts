import { Schema, type Model } from 'mongoose';
import { isolatedNames } from '@stockyard/testkit';
import { AggregateStore, newEvent, outboxFields } from '../src';
import { conflict } from '../src/errors';
import { useTestDatabase } from './support/database';
import { useRelay } from './support/relay';

interface Counter {
  id: string;
  orgId: string;
  version: number;
  count: number;
}

const db = useTestDatabase();
const names = isolatedNames('kit-store-batch');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test's own schema
let model: Model<any>;
let store: AggregateStore<Counter>;

const schema = new Schema(
  { _id: String, orgId: String, count: Number, version: Number, ...outboxFields },
  { versionKey: false },
);
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}_${i}`);
const add = (n: number) => (c: Counter) => ({ state: { ...c, count: c.count + n }, result: c.count + n });

beforeAll(() => {
  model = db().model('BatchCounter', schema, 'batch_counters');
});
const relayed = useRelay(names.exchange, () => [model.collection]);
beforeAll(() => {
  store = new AggregateStore<Counter>(model, relayed().relay, { name: 'Counter', remember: 100 });
});

const seed = (list: string[], orgId = 'org_a') =>
  model.collection.insertMany(list.map((_id) => ({ _id, orgId, count: 0, version: 1 })) as never);

describe('AggregateStore.changeMany', () => {
  it('changes 1,200 aggregates in batches, each by its decision, with its result', async () => {
    const list = ids('many', 1200);
    await seed(list);
    const outcomes = await store.changeMany('org_a', list, add(2));
    expect([...outcomes.values()].filter((o) => o.ok && o.changed && o.result === 2)).toHaveLength(1200);
    const stored = await model.collection.find({ _id: { $in: list } } as never).toArray();
    expect(stored.every((d) => d.count === 2 && d.version === 2)).toBe(true);
  });

  it("answers 404 for missing and other organizations' ids, an AppError per refused decision", async () => {
    await seed(['mix_a', 'mix_b', 'mix_refused']);
    await seed(['mix_theirs'], 'org_b');
    const outcomes = await store.changeMany(
      'org_a',
      ['mix_a', 'mix_none', 'mix_theirs', 'mix_refused', 'mix_b'],
      (c) => {
        if (c.id === 'mix_refused') throw conflict('not this one', 'refused');
        return add(1)(c);
      },
    );
    const summary = Object.fromEntries([...outcomes].map(([id, o]) => [id, o.ok ? o.state.count : o.error.code]));
    expect(summary).toEqual({
      mix_a: 1,
      mix_b: 1,
      mix_none: 'resource_not_found',
      mix_theirs: 'resource_not_found',
      mix_refused: 'refused',
    });
    expect((await model.collection.findOne({ _id: 'mix_theirs' } as never))?.count).toBe(0);
    expect((await model.collection.findOne({ _id: 'mix_refused' } as never))?.version).toBe(1);
  });

  it('writes nothing for a decision that changes nothing', async () => {
    await seed(['same_1']);
    const outcomes = await store.changeMany('org_a', ['same_1'], (c) => ({ result: c.count }));
    expect(outcomes.get('same_1')).toMatchObject({ ok: true, changed: false, result: 0 });
    expect((await model.collection.findOne({ _id: 'same_1' } as never))?.version).toBe(1);
  });

  it('decides again on an aggregate another replica changed since, losing neither change', async () => {
    const list = ['race_1', 'race_2', 'race_3'];
    await seed(list);
    await store.changeMany('org_a', list, add(1)); // remembered at version 2
    // Another replica's write: this process's remembered race_2 is stale, so its guard fails.
    await model.collection.updateOne({ _id: 'race_2' } as never, { $inc: { count: 10, version: 1 } });
    const outcomes = await store.changeMany('org_a', list, add(1));
    expect(outcomes.get('race_2')).toMatchObject({ ok: true, state: { count: 12, version: 4 } });
    const stored = await model.collection.find({ _id: { $in: list } } as never).toArray();
    expect(Object.fromEntries(stored.map((d) => [d._id, d.count]))).toEqual({ race_1: 2, race_2: 12, race_3: 2 });
  });

  it('puts each aggregate’s events in its write, and the relay publishes every one', async () => {
    const received = await relayed().rabbit.tap(`${names.exchange}.tap`, 'counter.#');
    const list = ids('ev', 50);
    await seed(list);
    await store.changeMany('org_a', list, (c) => ({
      state: { ...c, count: 1 },
      events: [newEvent('counter.bumped', { orgId: 'org_a', counterId: c.id })],
    }));
    const deadline = Date.now() + 10_000;
    while (received.length < 50 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const counters = received.map(
      (m) => (JSON.parse(m.content.toString()) as { payload: { counterId: string } }).payload.counterId,
    );
    expect(counters.sort()).toEqual([...list].sort());
  });

  it('serializes with single changes of the same aggregates: none is lost', async () => {
    const list = ids('mixed', 20);
    await seed(list);
    await Promise.all([
      store.changeMany('org_a', list, add(1)),
      ...list.map((id) => store.change('org_a', id, add(100))),
      store.changeMany('org_a', [...list].reverse(), add(1)),
    ]);
    const stored = await model.collection.find({ _id: { $in: list } } as never).toArray();
    expect(stored.every((d) => d.count === 102)).toBe(true);
  });

  it('runs exclusive work over overlapping aggregates one at a time, in any order, without deadlock', async () => {
    const log: string[] = [];
    const work = (name: string) => async () => {
      log.push(`${name}:start`);
      await new Promise((r) => setTimeout(r, 30));
      log.push(`${name}:end`);
    };
    await Promise.all([
      store.exclusive('org_a', ['x_1', 'x_2', 'x_3'], work('a')),
      store.exclusive('org_a', ['x_3', 'x_2'], work('b')),
      store.exclusive('org_a', ['x_2', 'x_1'], work('c')),
    ]);
    for (let i = 0; i < log.length; i += 2) expect(log[i + 1]).toBe(log[i]!.replace(':start', ':end'));
  });
});
