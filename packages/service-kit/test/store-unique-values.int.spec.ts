import { Schema, type Model } from 'mongoose';
import { AggregateStore, AppError, UniqueClaims, type Decision } from '../src';
import { conflict } from '../src/errors';
import { useTestDatabase } from './support/database';

/** A numbered record: its number is unique in its organization while it is live. */
interface Numbered {
  id: string;
  orgId: string;
  version: number;
  number: string | null;
  trashed: boolean;
}

const db = useTestDatabase();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test's own schema
let model: Model<any>;
let claims: UniqueClaims;
let store: AggregateStore<Numbered>;

const numbered = (id: string, number: string | null, orgId = 'org_u') => ({ id, orgId, number, trashed: false });
const renumber =
  (number: string | null) =>
  (n: Numbered): Decision<Numbered> => ({ state: { ...n, number } });
const trash = (n: Numbered): Decision<Numbered> => ({ state: { ...n, trashed: true } });
const holderOf = async (orgId: string, number: string) => (await claims.holders(orgId, [number])).get(number);

beforeAll(() => {
  const schema = new Schema(
    { _id: String, orgId: String, number: String, trashed: Boolean, version: Number },
    { versionKey: false },
  );
  model = db().model('Numbered', schema, 'numbered');
  claims = new UniqueClaims({
    collection: db().collection('number_claims'),
    keyOf: (v) => v.toUpperCase(),
    holderField: 'recordId',
    valueField: 'number',
    holders: db().collection('numbered'),
    holds: () => true,
    taken: (number) => conflict(`Number ${number} is taken`, 'number_taken'),
  });
  store = new AggregateStore<Numbered>(model, undefined, {
    name: 'Record',
    remember: 100,
    unique: { claims, valuesOf: (n) => (n.number && !n.trashed ? [n.number] : []) },
  });
});

describe('AggregateStore with unique values', () => {
  it('claims a created record’s value; a second record with it gets the taken error and is not stored', async () => {
    await store.create(numbered('r1', 'PO-1'));
    expect(await holderOf('org_u', 'PO-1')).toBe('r1');
    await expect(store.create(numbered('r2', 'po-1'))).rejects.toMatchObject({ status: 409, code: 'number_taken' });
    expect(await store.read('org_u', 'r2')).toBeUndefined();
    await store.create(numbered('r3', 'PO-1', 'org_other')); // another organization's numbers are its own
  });

  it('claims the new value of a change and releases the old one after the write', async () => {
    await store.create(numbered('c1', 'PO-10'));
    await store.change('org_u', 'c1', renumber('PO-11'));
    expect(await holderOf('org_u', 'PO-11')).toBe('c1');
    expect(await holderOf('org_u', 'PO-10')).toBeUndefined();
    await store.create(numbered('c2', 'PO-10')); // free again
  });

  it('refuses a change to a value another record holds and leaves both as they were', async () => {
    await store.create(numbered('t1', 'PO-20'));
    await store.create(numbered('t2', 'PO-21'));
    await expect(store.change('org_u', 't2', renumber('PO-20'))).rejects.toMatchObject({ code: 'number_taken' });
    expect((await store.read('org_u', 't2'))?.number).toBe('PO-21');
    expect(await holderOf('org_u', 'PO-21')).toBe('t2');
  });

  it('releases what a change claimed when its write fails', async () => {
    await store.create(numbered('f1', 'PO-30'));
    // A field name the server refuses: the write fails after the claim.
    const unwritable = (n: Numbered): Decision<Numbered> => ({ state: { ...n, number: 'PO-31', $bad: 1 } as Numbered });
    await expect(store.change('org_u', 'f1', unwritable)).rejects.toThrow();
    expect(await holderOf('org_u', 'PO-31')).toBeUndefined();
    expect(await holderOf('org_u', 'PO-30')).toBe('f1');
  });

  it('gives values up in a batched change and sends one that wants a new value through a single change', async () => {
    await store.create(numbered('b1', 'PO-40'));
    await store.create(numbered('b2', 'PO-41'));
    await store.create(numbered('b3', 'PO-42'));
    const outcomes = await store.changeMany('org_u', ['b1', 'b2', 'b3'], (n) =>
      n.id === 'b3' ? renumber('PO-43')(n) : trash(n),
    );
    expect([...outcomes.values()].every((o) => o.ok)).toBe(true);
    expect(await holderOf('org_u', 'PO-40')).toBeUndefined();
    expect(await holderOf('org_u', 'PO-41')).toBeUndefined();
    expect(await holderOf('org_u', 'PO-43')).toBe('b3');
    expect(await holderOf('org_u', 'PO-42')).toBeUndefined();
  });

  it('decides a refusal of a remembered state again on a fresh read', async () => {
    await store.create(numbered('m1', 'PO-50'));
    // Another replica renumbers it behind this process's memory.
    await model.collection.updateOne({ _id: 'm1' } as never, { $set: { number: 'PO-51' }, $inc: { version: 1 } });
    const { state } = await store.change('org_u', 'm1', (n) => {
      if (n.number !== 'PO-51') throw new AppError('conflict', 'stale', 'stale_number');
      return { state: { ...n, trashed: true } };
    });
    expect(state.trashed).toBe(true);
  });

  it('lets a decision make reads of its own, under the document’s lock', async () => {
    await store.create(numbered('a1', 'PO-60'));
    const order: string[] = [];
    const slow = store.change('org_u', 'a1', async (n) => {
      order.push('slow read');
      await new Promise((r) => setTimeout(r, 50));
      return { state: { ...n, number: 'PO-61' } };
    });
    const fast = store.change('org_u', 'a1', (n) => {
      order.push(`fast sees ${n.number}`);
      return {};
    });
    await Promise.all([slow, fast]);
    expect(order).toEqual(['slow read', 'fast sees PO-61']);
  });
});
