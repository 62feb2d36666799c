import { Schema, type Model } from 'mongoose';
import { AggregateStore } from '../src';
import type { StateCodec } from '../store';
import { useTestDatabase } from './support/database';

interface Split {
  id: string;
  orgId: string;
  version: number;
  label: string;
  parts: { lineId: string; cents: number }[];
}

const db = useTestDatabase();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test's own schema
let model: Model<any>;
let store: AggregateStore<Split>;

/** `parts` stored as `<lineId> <cents>;…`, every other field as is. */
const codec: StateCodec<Split> = {
  encode: (fields) =>
    'parts' in fields
      ? { ...fields, parts: (fields.parts as Split['parts']).map((p) => `${p.lineId} ${p.cents}`).join(';') }
      : fields,
  decode: (stored) => ({
    ...(stored as unknown as Split),
    parts: ((stored.parts as string | undefined) ?? '')
      .split(';')
      .filter(Boolean)
      .map((row) => ({ lineId: row.split(' ')[0]!, cents: Number(row.split(' ')[1]) })),
  }),
};

beforeAll(() => {
  const schema = new Schema({ _id: String, orgId: String, label: String, parts: String, version: Number });
  model = db().model('CodecSplit', schema, 'codec_splits');
  store = new AggregateStore<Split>(model, undefined, { name: 'Split', codec, remember: 10 });
});

const parts = [
  { lineId: 'ln_1', cents: 250 },
  { lineId: 'ln_2', cents: 750 },
];

describe("an aggregate store's codec", () => {
  it('stores the fields in their packed form and answers states', async () => {
    const created = await store.create({ id: 'sp_1', orgId: 'org_a', label: 'freight', parts });
    expect(created.parts).toEqual(parts);
    const doc = await model.collection.findOne({ _id: 'sp_1' as never });
    expect(doc?.parts).toBe('ln_1 250;ln_2 750');
    expect(await store.read('org_a', 'sp_1')).toMatchObject({ parts, version: 1 });
  });

  it('writes a change of a packed field packed, and leaves the others as they are', async () => {
    const { state } = await store.change('org_a', 'sp_1', (s) => ({ state: { ...s, parts: [parts[0]!] } }));
    expect(state.parts).toEqual([parts[0]]);
    await store.change('org_a', 'sp_1', (s) => ({ state: { ...s, label: 'duty' } }));
    const doc = await model.collection.findOne({ _id: 'sp_1' as never });
    expect(doc).toMatchObject({ parts: 'ln_1 250', label: 'duty', version: 3 });
  });

  it('does the same in a batched change, and decodes a document a reads class found', async () => {
    await store.create({ id: 'sp_2', orgId: 'org_a', label: 'x', parts });
    const outcomes = await store.changeMany('org_a', ['sp_1', 'sp_2'], (s) => ({ state: { ...s, parts: [] } }));
    expect([...outcomes.values()].every((o) => o.ok && o.changed)).toBe(true);
    const docs = await model.collection.find({ orgId: 'org_a' }).sort({ _id: 1 }).toArray();
    expect(docs.map((d) => d.parts)).toEqual(['', '']);
    expect(docs.map((d) => store.stateOfDoc(d).parts)).toEqual([[], []]);
  });
});
