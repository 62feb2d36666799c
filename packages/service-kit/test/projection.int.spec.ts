import { Schema, type Model } from 'mongoose';
import type { EventEnvelope } from '@stockyard/contracts';
import { eventually, infraEnv, isolatedNames } from '@stockyard/testkit';
import { AggregateStore, newEvent, OutboxRelay, outboxFields, TermIndex, type Projection } from '../src';
import { Broker } from '../events';
import { createLogger } from '../ops';
import { wordStarts } from '../search';
import { useTestDatabase } from './support/database';
import { openRabbit, type Rabbit } from './support/rabbit';

interface Tag {
  id: string;
  orgId: string;
  version: number;
  name: string;
}

const db = useTestDatabase();
const logger = createLogger('projection-test', 'silent');
const names = isolatedNames('kit-projection');
let broker: Broker;
let rabbit: Rabbit;
let published: { fields: { routingKey: string } }[];
let relay: OutboxRelay;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test's own schema
let model: Model<any>;
let store: AggregateStore<Tag>;
let terms: TermIndex<Tag>;
/** What the counting projection was asked to apply, call by call. */
const applied: EventEnvelope[][] = [];

/** Keeps `tag_lengths`: a row per tag with its name's length, by version (idempotent). */
const lengths: Projection<Tag> = {
  event: 'tag.length_changed',
  updatesFor: (before, after, version) =>
    before?.name.length === after.name.length ? [] : [{ tagId: after.id, version, length: after.name.length }],
  apply: async (updates) => {
    applied.push([...updates]);
    await db()
      .collection('tag_lengths')
      .bulkWrite(
        updates.map((u) => ({
          updateOne: {
            filter: { _id: u.payload.tagId, version: { $not: { $gt: u.payload.version } } },
            update: { $set: { length: u.payload.length, version: u.payload.version } },
            upsert: true,
          },
        })) as never,
        { ordered: false },
      )
      .catch(() => undefined); // an older replay finds a newer row: its upsert's duplicate is ignored
  },
};

const lengthOf = async (id: string) =>
  (
    await db()
      .collection('tag_lengths')
      .findOne({ _id: id as never })
  )?.length;

beforeAll(async () => {
  model = db().model('Tag', new Schema({ _id: String, orgId: String, name: String, version: Number, ...outboxFields }));
  broker = new Broker(infraEnv().amqpUrl, names.exchange, logger);
  await broker.start();
  rabbit = await openRabbit(infraEnv().amqpUrl, names.exchange);
  published = await rabbit.tap(`${names.exchange}.all`);
  relay = new OutboxRelay([], broker, logger, { intervalMs: 100, sweepEveryMs: 500 });
  terms = new TermIndex<Tag>(db(), {
    collection: 'tag_terms',
    event: 'tag.terms_changed',
    refField: 'tagId',
    termsOf: (t) => wordStarts(t.name),
  });
  // No audit records: what reaches the broker here is the projections' business alone.
  const options = { name: 'Tag', remember: 100, projections: [terms, lengths], audit: false as const };
  store = new AggregateStore<Tag>(model, relay, options);
  relay.start();
});
afterAll(async () => {
  await relay.stop();
  await broker.close();
  await rabbit.close();
});

const rename = (name: string) => (t: Tag) => ({ state: { ...t, name } });

describe('projections of an aggregate store', () => {
  it('are applied before create and change answer, and only when what they keep moved', async () => {
    await store.create({ id: 'tag_a', orgId: 'org_a', name: 'Blue Shirt' });
    expect(await terms.searchCandidates('org_a', 'shi')).toEqual(['tag_a']);
    expect(await lengthOf('tag_a')).toBe(10);

    applied.length = 0;
    await store.change('org_a', 'tag_a', rename('Blue Skirt'));
    expect(await terms.searchCandidates('org_a', 'shi')).toEqual([]);
    expect(await terms.searchCandidates('org_a', 'ski')).toEqual(['tag_a']);
    expect(applied).toEqual([]); // same length: no update of it

    await store.change('org_a', 'tag_a', rename('Red'));
    expect(await lengthOf('tag_a')).toBe(3);
  });

  it('asks a term index for nothing when a new record has no terms, or a change keeps them', () => {
    const tag = { id: 'tag_x', orgId: 'org_a', version: 1, name: '' };
    expect(terms.updatesFor(null, tag, 1)).toEqual([]);
    expect(terms.updatesFor({ ...tag, name: 'Same' }, { ...tag, name: 'same' }, 2)).toEqual([]);
    expect(terms.updatesFor(null, { ...tag, name: 'New' }, 1)).toEqual([
      { tagId: 'tag_x', version: 1, terms: ['new'] },
    ]);
  });

  it("apply a batched change's updates in one call per projection", async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `tag_batch_${i}`);
    for (const id of ids) await store.create({ id, orgId: 'org_a', name: 'Batch' });
    applied.length = 0;
    const outcomes = await store.changeMany('org_a', ids, rename('Batched rename'));
    expect([...outcomes.values()].every((o) => o.ok && o.changed)).toBe(true);
    expect(applied.map((call) => call.length)).toEqual([30]);
    expect((await terms.searchCandidates('org_a', 'renam'))?.sort()).toEqual([...ids].sort());
  });

  it('ride on the outbox: a write whose process died before applying them is applied by the relay', async () => {
    // A write as a process leaves it when it died right after the insert: the outbox holds the
    // projections' local events, nothing was applied (the dead process's relay knew of them).
    const events = [
      newEvent('tag.terms_changed', { orgId: 'org_a', tagId: 'tag_crash', version: 1, terms: ['crashed'] }),
      newEvent('tag.length_changed', { orgId: 'org_a', tagId: 'tag_crash', version: 1, length: 7 }),
    ];
    const write = new OutboxRelay([], broker, logger).prepareInsert(model.collection, 'tag_crash', events);
    await model.collection.insertOne({
      _id: 'tag_crash',
      orgId: 'org_a',
      name: 'Crashed',
      version: 1,
      ...write.fields,
    } as never);
    // The relay applies the two events one after the other: wait for both.
    const both = async () => ({
      length: await lengthOf('tag_crash'),
      found: await terms.searchCandidates('org_a', 'crash'),
    });
    await eventually(async () => ((await both()).found?.length ? true : undefined), 20_000);
    await eventually(async () => ((await lengthOf('tag_crash')) === 7 ? true : undefined), 20_000);
    expect(await both()).toEqual({ length: 7, found: ['tag_crash'] });
  });

  it('are not published on the broker', async () => {
    await eventually(
      async () => ((await model.collection.countDocuments({ outboxPending: true })) === 0 ? true : undefined),
      20_000,
    );
    // A published event of this exchange, after the projections' ones left every outbox.
    await broker.publish(newEvent('tag.published', { orgId: 'org_a' }));
    await eventually(async () => (published.length > 0 ? true : undefined), 10_000);
    expect(published.map((m) => m.fields.routingKey)).toEqual(['tag.published']);
  });
});
