/**
 * Updates the local store must apply as MongoDB does, for edits of ours to FerretDB's sources
 * (infra/ferretdb/patches.json). On MongoDB the test holds as well.
 */
import crypto from 'node:crypto';
import mongoose from 'mongoose';
import { ensureInfra } from '../src/infra';

type Doc = { _id: string; [field: string]: unknown };
let conn: mongoose.Connection;
let docs: mongoose.mongo.Collection<Doc>;

beforeAll(async () => {
  const infra = await ensureInfra();
  const name = `updates_${Date.now().toString(36)}${crypto.randomBytes(4).toString('hex')}`;
  conn = await mongoose.createConnection(infra.mongoUrl, { dbName: name }).asPromise();
  docs = conn.db!.collection<Doc>('docs');
});
afterAll(async () => {
  await conn.dropDatabase();
  await conn.close();
});

describe('$set of an object whose keys change but whose values do not', () => {
  it('writes the new keys, at the top level, nested, in an array element and beside other fields', async () => {
    await docs.insertOne({ _id: 'keys', m: { a: 1 }, nested: { x: { a: 1 } }, arr: [{ o: { a: 1 } }], t: 1 });

    const results = [
      await docs.updateOne({ _id: 'keys' }, { $set: { m: { b: 1 } } }),
      await docs.updateOne({ _id: 'keys' }, { $set: { 'nested.x': { b: 1 } } }),
      await docs.updateOne({ _id: 'keys' }, { $set: { 'arr.0.o': { b: 1 } } }),
      await docs.updateOne({ _id: 'keys' }, { $set: { m: { c: 1 }, t: 2 } }),
    ];

    expect(results.map((r) => r.modifiedCount)).toEqual([1, 1, 1, 1]);
    expect(await docs.findOne({ _id: 'keys' })).toEqual({
      _id: 'keys',
      m: { c: 1 },
      nested: { x: { b: 1 } },
      arr: [{ o: { b: 1 } }],
      t: 2,
    });
  });

  it('still takes an identical object for no change', async () => {
    await docs.insertOne({ _id: 'same', m: { a: 1, b: [1, { c: 2 }] } });
    const res = await docs.updateOne({ _id: 'same' }, { $set: { m: { a: 1, b: [1, { c: 2 }] } } });
    expect(res.modifiedCount).toBe(0);
  });
});
