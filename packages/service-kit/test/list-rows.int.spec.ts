import { Schema, type Model } from 'mongoose';
import { eventually, infraEnv, isolatedNames } from '@stockyard/testkit';
import { AggregateStore, ListRows, newEvent, OutboxRelay, outboxFields } from '../src';
import { Broker } from '../events';
import { ListRowsBackfill, PassCheckpoints, replaceAll } from '../store';
import { createLogger } from '../ops';
import { useTestDatabase } from './support/database';

interface Note {
  id: string;
  orgId: string;
  version: number;
  title: string;
  lines: { text: string }[];
}

const db = useTestDatabase();
const logger = createLogger('list-rows-test', 'silent');
const names = isolatedNames('kit-list-rows');
let broker: Broker;
let relay: OutboxRelay;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test's own schema
let model: Model<any>;
let store: AggregateStore<Note>;

const rowOf = (n: Note) => ({ title: n.title, lineCount: n.lines.length, view: JSON.stringify({ title: n.title }) });
const notesRows = () =>
  new ListRows<Note>(db().collection('note_rows'), model.collection, {
    event: 'note.row_changed',
    refField: 'noteId',
    rowOf,
  });
const rowOfNote = (id: string) =>
  db()
    .collection('note_rows')
    .findOne({ _id: id as never });

beforeAll(async () => {
  model = db().model(
    'Note',
    new Schema({ _id: String, orgId: String, title: String, lines: [Object], version: Number, ...outboxFields }),
  );
  broker = new Broker(infraEnv().amqpUrl, names.exchange, logger);
  await broker.start();
  relay = new OutboxRelay([], broker, logger, { intervalMs: 100, sweepEveryMs: 500 });
  store = new AggregateStore<Note>(model, relay, { name: 'Note', projections: [notesRows()], audit: false });
  relay.start();
});
afterAll(async () => {
  await relay.stop();
  await broker.close();
});

describe('list rows', () => {
  it('are written from the state of each write before it answers, with its organization and version', async () => {
    await store.create({ id: 'note_a', orgId: 'org_a', title: 'First', lines: [{ text: 'x' }] });
    expect(await rowOfNote('note_a')).toEqual({
      _id: 'note_a',
      orgId: 'org_a',
      version: 1,
      title: 'First',
      lineCount: 1,
      view: '{"title":"First"}',
    });
    await store.change('org_a', 'note_a', (n) => ({ state: { ...n, title: 'Second', lines: [] } }));
    expect(await rowOfNote('note_a')).toMatchObject({ version: 2, title: 'Second', lineCount: 0 });
  });

  it('move only when a field changed', async () => {
    const rows = notesRows();
    const note = { id: 'n', orgId: 'o', version: 3, title: 'T', lines: [] };
    expect(rows.updatesFor(note, { ...note }, 4)).toEqual([]);
    expect(rows.updatesFor(note, { ...note, title: 'U' }, 4)).toEqual([{ noteId: 'n', version: 4 }]);
    expect(rows.updatesFor(null, note, 1)).toEqual([{ noteId: 'n', version: 1 }]);
  });

  it('are read from the stored aggregate when the written state is gone, never over a newer row', async () => {
    await store.create({ id: 'note_b', orgId: 'org_a', title: 'Kept', lines: [] });
    await store.change('org_a', 'note_b', (n) => ({ state: { ...n, title: 'Newer' } }));
    // Another process (a restart) replays both updates: it knows no written state.
    const replay = notesRows();
    await replay.apply([
      newEvent('note.row_changed', { orgId: 'org_a', noteId: 'note_b', version: 1 }),
      newEvent('note.row_changed', { orgId: 'org_a', noteId: 'note_b', version: 2 }),
    ]);
    expect(await rowOfNote('note_b')).toMatchObject({ version: 2, title: 'Newer' });
    // Another organization's update names no row of this one.
    await replay.apply([newEvent('note.row_changed', { orgId: 'org_b', noteId: 'note_b', version: 3 })]);
    expect(await rowOfNote('note_b')).toMatchObject({ version: 2, title: 'Newer' });
  });

  it('of aggregates stored before them are written by the backfill, a page at a time, once', async () => {
    const old = Array.from({ length: 1_203 }, (_, i) => ({
      _id: `old_${String(i).padStart(5, '0')}`,
      orgId: 'org_old',
      title: `Old ${i}`,
      lines: [],
      version: 1,
    }));
    await model.collection.insertMany(old as never[]);
    const checkpoints = new PassCheckpoints(db(), 'kit_passes');
    const backfill = new ListRowsBackfill('note_rows', notesRows(), checkpoints, logger);
    await backfill.tick();
    expect(await db().collection('note_rows').countDocuments({ orgId: 'org_old' })).toBe(1_203);
    expect(await rowOfNote('old_01202')).toMatchObject({ orgId: 'org_old', version: 1, title: 'Old 1202' });
    expect(await checkpoints.progress('note_rows')).toMatchObject({ finished: true, finishedAt: expect.any(Date) });
    expect(await checkpoints.progress('never_run')).toEqual({ after: '', finished: false, finishedAt: null });

    // Finished: a new process's pass writes nothing again.
    await db()
      .collection('note_rows')
      .deleteOne({ _id: 'old_00000' as never });
    await new ListRowsBackfill('note_rows', notesRows(), checkpoints, logger).tick();
    expect(await rowOfNote('old_00000')).toBeNull();
  });

  it('of a batch that meets a newer row are all written, the newer one left as it is', async () => {
    const rows = db().collection('note_rows');
    await rows.insertOne({ _id: 'mid_00003', orgId: 'org_mid', version: 9, title: 'Newer' } as never);
    const batch = Array.from({ length: 8 }, (_, i) => ({
      filter: { _id: `mid_${String(i).padStart(5, '0')}`, version: { $lt: 1 } },
      doc: { orgId: 'org_mid', version: 1, title: `Mid ${i}` },
    }));
    await replaceAll(rows, batch);
    const written = await rows.find({ orgId: 'org_mid' }).sort({ _id: 1 }).toArray();
    expect(written.map((r) => r.title)).toEqual([
      'Mid 0',
      'Mid 1',
      'Mid 2',
      'Newer',
      'Mid 4',
      'Mid 5',
      'Mid 6',
      'Mid 7',
    ]);
  });

  it('of the relay: a write whose process died before applying its row gets it from the outbox', async () => {
    const events = [newEvent('note.row_changed', { orgId: 'org_a', noteId: 'note_crash', version: 1 })];
    const write = new OutboxRelay([], broker, logger).prepareInsert(model.collection, 'note_crash', events);
    const doc = { _id: 'note_crash', orgId: 'org_a', title: 'Crashed', lines: [], version: 1, ...write.fields };
    await model.collection.insertOne(doc as never);
    await eventually(async () => (await rowOfNote('note_crash')) ?? undefined, 20_000);
    expect(await rowOfNote('note_crash')).toMatchObject({ version: 1, title: 'Crashed' });
  });
});
