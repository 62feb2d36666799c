import { Schema, type Connection, type Model } from 'mongoose';
import { asCaller, eventually, infraEnv, isolatedNames, listen, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { AggregateStore, newId } from '../src';
import { unkeyed } from '../ids';
import { connectMongo, createLogger } from '../ops';
import { createServiceApp } from '../internals';

/**
 * A keyed create whose first run died after its insert (its process killed: no answer, the key
 * left in progress) is run again once the key's lock frees; it must answer the widget the first
 * run made, not make a second one.
 */
interface Widget {
  id: string;
  orgId: string;
  name: string;
  version: number;
}

let connection: Connection;
let http: Awaited<ReturnType<typeof listen>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test's own schema
let model: Model<any>;
/** What the next run of POST /widgets does after its insert. */
let afterInsert: 'answer' | 'die' | 'fail' = 'answer';
let dead: Array<() => void> = [];
const backgroundIds: string[] = [];

beforeAll(async () => {
  connection = await connectMongo(infraEnv().mongoUrl, isolatedNames('keyed-create').database);
  model = connection.model(
    'Widget',
    new Schema({ _id: String, orgId: String, name: String, version: Number }, { versionKey: false }),
    'widgets',
  );
  const store = new AggregateStore<Widget>(model, undefined, { name: 'Widget' });
  const app = createServiceApp({
    logger: createLogger('test', 'silent'),
    identitySecret: TEST_IDENTITY_SECRET,
    connection,
    readiness: {},
    api: (router) =>
      router.post('/widgets', async (req, res) => {
        const widget = await store.create({ id: newId('wdg'), orgId: req.identity!.orgId, name: req.body.name });
        // Work the request kicks but that is not its own draws random ids.
        setImmediate(() => unkeyed(() => backgroundIds.push(newId('bg'))));
        if (afterInsert === 'die') return new Promise<void>((resolve) => dead.push(resolve));
        if (afterInsert === 'fail') throw new Error('the answer was lost');
        res.status(201).json({ ...widget, drawnAfter: newId('wdg') });
      }),
  });
  http = await listen(app);
});

afterEach(() => {
  afterInsert = 'answer';
  for (const resolve of dead) resolve();
  dead = [];
});

afterAll(async () => {
  await http?.close();
  await connection?.dropDatabase();
  await connection?.close();
});

let keySeq = 0;
const newKey = () => `widget-${Date.now()}-${++keySeq}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads its own answers
type Answer = Omit<Response, 'json'> & { json(): Promise<any> };

function post(body: unknown, key?: string, signal?: AbortSignal): Promise<Answer> {
  const headers = { ...asCaller('org_a'), ...(key ? { 'idempotency-key': key } : {}) };
  return fetch(`${http.url}/api/v1/widgets`, { method: 'POST', headers, body: JSON.stringify(body), signal });
}

const widgetsNamed = (name: string) => model.countDocuments({ name });
const records = () => connection.collection('idempotency_keys');

describe('a keyed create run again after its first run died', () => {
  it('answers the widget the first run inserted, once the key is free again, and inserts nothing', async () => {
    const key = newKey();
    afterInsert = 'die';
    const gone = new AbortController();
    const first = post({ name: 'killed-after-insert' }, key, gone.signal).catch(() => 'cut off');
    await eventually(async () => ((await widgetsNamed('killed-after-insert')) === 1 ? true : undefined));
    gone.abort();
    expect(await first).toBe('cut off');

    afterInsert = 'answer';
    const early = await post({ name: 'killed-after-insert' }, key);
    expect(early.status).toBe(409); // the key is still held by the dead run
    // What LOCK_MS does to a run whose process was killed.
    await records().updateOne({ _id: { $regex: `:${key}$` } } as never, { $set: { lockedUntil: new Date(0) } });

    const rerun = await post({ name: 'killed-after-insert' }, key);
    expect(rerun.status).toBe(201);
    const widget = await rerun.json();
    const stored = await model.find({ name: 'killed-after-insert' }).lean();
    expect(stored).toHaveLength(1);
    expect(widget.id).toBe(stored[0]!._id);
    expect(widget.drawnAfter).not.toBe(widget.id);

    const replay = await post({ name: 'killed-after-insert' }, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await replay.json()).id).toBe(widget.id);
  });

  it('answers the same widget on the retry a 5xx after the insert invites, at once', async () => {
    const key = newKey();
    afterInsert = 'fail';
    expect((await post({ name: 'failed-after-insert' }, key)).status).toBe(500);
    afterInsert = 'answer';
    const retry = await post({ name: 'failed-after-insert' }, key);
    expect(retry.status).toBe(201);
    const stored = await model.find({ name: 'failed-after-insert' }).lean();
    expect(stored).toHaveLength(1);
    expect((await retry.json()).id).toBe(stored[0]!._id);
  });

  it('keeps the body check after a 5xx: the key with another body is refused', async () => {
    const key = newKey();
    afterInsert = 'fail';
    expect((await post({ name: 'failed-once' }, key)).status).toBe(500);
    afterInsert = 'answer';
    const other = await post({ name: 'another-body' }, key);
    expect(other.status).toBe(422);
    expect((await other.json()).error.code).toBe('idempotency_key_reused');
  });

  it('draws other ids under another key, and random ones without a key', async () => {
    const a = await (await post({ name: 'keys-apart' }, newKey())).json();
    const b = await (await post({ name: 'keys-apart' }, newKey())).json();
    const c = await (await post({ name: 'keys-apart' })).json();
    const d = await (await post({ name: 'keys-apart' })).json();
    expect(new Set([a.id, b.id, c.id, d.id]).size).toBe(4);
    expect(a.id).toMatch(/^wdg_[0-9A-Za-z]{22}$/);
    expect(await widgetsNamed('keys-apart')).toBe(4);
  });

  it('draws random ids in work the request kicks outside itself', async () => {
    const key = newKey();
    afterInsert = 'fail';
    await post({ name: 'kicks' }, key);
    afterInsert = 'answer';
    await post({ name: 'kicks' }, key);
    await eventually(() => (backgroundIds.length >= 2 ? true : undefined));
    expect(new Set(backgroundIds).size).toBe(backgroundIds.length);
  });
});
