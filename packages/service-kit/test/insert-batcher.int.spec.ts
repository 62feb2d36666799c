import { InsertBatcher } from '../store';
import { useTestDatabase } from './support/database';

const db = useTestDatabase();

interface Row {
  _id: string;
  n: number;
}

describe('InsertBatcher', () => {
  it('writes documents inserted together as batches and tells each caller its own result', async () => {
    const rows = db().collection<Row>('batched_rows');
    const batcher = new InsertBatcher(rows, 50);
    const spy = jest.spyOn(rows, 'insertMany');
    const results = await Promise.all(Array.from({ length: 120 }, (_, n) => batcher.insert({ _id: `r${n}`, n })));
    expect(results.every(Boolean)).toBe(true);
    expect(await rows.countDocuments()).toBe(120);
    // The first goes out alone; the rest wait for it and go in batches of at most 50.
    expect(spy.mock.calls.map(([docs]) => docs.length)).toEqual([1, 50, 50, 19]);
    spy.mockRestore();
  });

  it('writes the documents of one insertAll in one batch, answering each in order', async () => {
    const rows = db().collection<Row>('batched_all');
    const batcher = new InsertBatcher(rows);
    await rows.insertOne({ _id: 'taken', n: 0 });
    const spy = jest.spyOn(rows, 'insertMany');
    const results = await batcher.insertAll([
      { _id: 'x', n: 1 },
      { _id: 'taken', n: 2 },
      { _id: 'y', n: 3 },
    ]);
    expect(results).toEqual([true, false, true]);
    expect(spy.mock.calls.map(([docs]) => docs.length)).toEqual([3]);
    expect(await batcher.insertAll([])).toEqual([]);
    spy.mockRestore();
  });

  it('reports a duplicate _id as false without failing the others in its batch', async () => {
    const rows = db().collection<Row>('batched_dupes');
    const batcher = new InsertBatcher(rows);
    await rows.insertOne({ _id: 'taken', n: 0 });
    const [first, ...rest] = await Promise.all([
      batcher.insert({ _id: 'warm', n: 1 }),
      batcher.insert({ _id: 'a', n: 2 }),
      batcher.insert({ _id: 'taken', n: 3 }),
      batcher.insert({ _id: 'b', n: 4 }),
      batcher.insert({ _id: 'a', n: 5 }),
    ]);
    expect([first, ...rest]).toEqual([true, true, false, true, false]);
    expect((await rows.find().sort({ _id: 1 }).toArray()).map((r) => [r._id, r.n])).toEqual([
      ['a', 2],
      ['b', 4],
      ['taken', 0],
      ['warm', 1],
    ]);
  });
});
