/**
 * Lists served from an index on the local store (infra/ferretdb/patches.json, README "Lists
 * on the local store"): every query here runs twice, as it is and with `hint: {$natural: 1}`
 * (MongoDB's way of asking for a collection scan, which our FerretDB build honours by pushing
 * nothing down), over documents whose fields hold every type, arrays, nulls and nothing, and
 * both answers must be the same: the documents, their order, and countDocuments. On MongoDB
 * the test holds as well (both ways give MongoDB's answer).
 */
import crypto from 'node:crypto';
import mongoose from 'mongoose';
import { ensureInfra, type InfraUrls } from '../src/infra';

const unique = `${Date.now().toString(36)}${crypto.randomBytes(4).toString('hex')}`;
let infra: InfraUrls;
let conn: mongoose.Connection;

type Doc = { _id: string; [field: string]: unknown };
/** Every type, arrays included, in every indexed field. */
let docs: mongoose.mongo.Collection<Doc>;
/** No arrays in the indexed fields: the backend then skips the first rows of a deep page itself. */
let clean: mongoose.mongo.Collection<Doc>;
/** String, ObjectId and number `_id`s, for `_id: {$in: [...]}` (our build reads those by the _id index). */
let ids: mongoose.mongo.Collection<Doc>;

/** A small deterministic generator, so a failure names a reproducible document. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const day = (d: number) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000);
const oid = (n: number) => new mongoose.Types.ObjectId(n.toString(16).padStart(24, '0'));

const ORGS: unknown[] = [
  'o1',
  'o1',
  'o1',
  'o1',
  'o2',
  'o2',
  ['o1', 'o2'],
  ['o3'],
  [],
  null,
  undefined,
  5,
  'o1 ',
  oid(1),
];
const STATUSES: unknown[] = ['a', 'a', 'b', 'b', ['a', 'b'], ['b'], [], null, undefined, true, false, 7, 7.0, { x: 1 }];
const DATES: unknown[] = [
  ...Array.from({ length: 12 }, (_, i) => day(i % 8)), // repeated dates: ties the sort must settle by _id
  5,
  -1.5,
  'text',
  '',
  null,
  undefined,
  [day(3), 7],
  [day(100)],
  [],
  { at: day(1) },
  true,
  oid(7),
  new mongoose.mongo.Timestamp({ t: 5, i: 1 }),
  new mongoose.mongo.Binary(Buffer.from('ab')),
];
const NAMES: unknown[] = [
  'apple',
  'Apple',
  'banana',
  'b',
  'ba',
  'z',
  'é',
  'a b',
  'a"b',
  '',
  null,
  undefined,
  ['kiwi', 'fig'],
  3,
];
const CLEAN_DATES: unknown[] = [
  ...Array.from({ length: 20 }, (_, i) => day(i % 9)),
  4,
  'text',
  null,
  undefined,
  { at: day(1) },
  { at: day(0) },
  true,
  oid(3),
];
const NUMBERS: unknown[] = [0, 1, 1.5, 2, 2, -3, 2 ** 40, 2.0000001, 'two', null, undefined, [1, 9], true, day(2)];

beforeAll(async () => {
  infra = await ensureInfra({ log: (line) => process.stderr.write(`[infra] ${line}\n`) });
  conn = await mongoose
    .createConnection(infra.mongoUrl, { dbName: `testkit_lists_${unique}`, serverSelectionTimeoutMS: 10_000 })
    .asPromise();
  docs = conn.db!.collection<Doc>('docs');
  await docs.createIndex({ orgId: 1, createdAt: -1, _id: -1 }, { name: 'org_created' });
  await docs.createIndex({ orgId: 1, status: 1, createdAt: -1 }, { name: 'org_status_created' });
  await docs.createIndex({ status: 1, n: 1 }, { name: 'status_n' });
  await docs.createIndex({ name: 1 }, { name: 'name' });
  await docs.createIndex({ orgId: 1, code: 1 }, { name: 'org_code', unique: true });

  const next = random(42);
  const pick = (values: unknown[]) => values[Math.floor(next() * values.length)];
  const all: Doc[] = [];
  for (let i = 0; i < 600; i++) {
    const doc: Doc = { _id: `d${String(i).padStart(4, '0')}`, code: `c${i}` };
    for (const [field, values] of [
      ['orgId', ORGS],
      ['status', STATUSES],
      ['createdAt', DATES],
      ['name', NAMES],
      ['n', NUMBERS],
    ] as const) {
      const value = pick(values);
      if (value !== undefined) doc[field] = value;
    }
    if (i % 5 === 0) doc.meta = { x: i % 3 };
    all.push(doc);
  }
  await docs.insertMany(all);

  clean = conn.db!.collection<Doc>('clean');
  await clean.createIndex({ orgId: 1, createdAt: -1, _id: -1 }, { name: 'org_created' });
  await clean.createIndex({ orgId: 1, status: 1, createdAt: -1 }, { name: 'org_status_created' });
  const cleanDocs: Doc[] = [];
  for (let i = 0; i < 400; i++) {
    const doc: Doc = {
      _id: `c${String(i).padStart(4, '0')}`,
      orgId: i % 4 ? 'p1' : 'p2',
      status: pick(['a', 'b', null]),
    };
    const at = pick(CLEAN_DATES);
    if (at !== undefined) doc.createdAt = at;
    doc.tags = pick([['x'], [], 'x', null]); // arrays outside the index change nothing
    cleanDocs.push(doc);
  }
  await clean.insertMany(cleanDocs);

  // Products as the catalog stores them, read by id after a search or a channel's listing.
  ids = conn.db!.collection<Doc>('ids');
  await ids.createIndex({ orgId: 1, deletedAt: 1, createdAt: -1 }, { name: 'org_deleted_created' });
  const idDocs: Record<string, unknown>[] = [];
  for (let i = 0; i < 300; i++) {
    const doc: Record<string, unknown> = {
      // Strings mostly, ObjectIds and a few numbers (a string or ObjectId $in never matches those).
      _id: i < 200 ? `prd_${i}` : i < 280 ? oid(1000 + i) : i - 280,
      orgId: pick(['o', 'o', 'o', 'p', ['o', 'p'], null]),
      createdAt: day(i % 9), // ties the sort settles by _id
      name: pick(['apple', 'banana', 'kiwi', null, ['fig', 'apple']]),
    };
    const deletedAt = pick([null, null, null, null, day(3), undefined]);
    if (deletedAt !== undefined) doc.deletedAt = deletedAt;
    idDocs.push(doc);
  }
  await ids.insertMany(idDocs as Doc[]);
}, 15 * 60_000);

afterAll(async () => {
  await conn?.dropDatabase();
  await conn?.close();
});

interface Query {
  coll?: 'clean' | 'ids';
  filter: Record<string, unknown>;
  sort?: Record<string, 1 | -1>;
  skip?: number;
  limit?: number;
  projection?: Record<string, 0 | 1>;
  /** The answer is empty (a page past the end). */
  empty?: true;
}

const D = (d: number) => day(d);
const newest = { createdAt: -1, _id: -1 } as const;
/** `_id: {$in: [...]}` lists: existing ids, duplicates, ids that do not exist, both _id types. */
const someD = [5, 17, 17, 42, 99, 130, 131, 250, 377, 420, 511, 599].map((i) => `d${String(i).padStart(4, '0')}`);
const dList = [...someD, 'd9999', 'nope', 'd0042'];
const prd = (...n: number[]) => n.map((i) => `prd_${i}`);
const mixed: unknown[] = [
  ...prd(0, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 150, 151, 152, 153, 154, 199, 3), // 3 twice
  ...[200, 201, 205, 230, 231, 260, 279].map((i) => oid(1000 + i)),
  oid(1000 + 201), // twice
  oid(1000 + 9999), // no such document
  'prd_1000',
  oid(1000 + 230).toHexString(), // a string that only looks like an existing ObjectId: no match
];
/** About the catalog's largest list: every document's _id once, and ids of nothing, 1,000 in all. */
const thousand: unknown[] = [
  ...prd(...Array.from({ length: 200 }, (_, i) => i)),
  ...Array.from({ length: 80 }, (_, i) => oid(1200 + i)),
  ...Array.from({ length: 720 }, (_, i) => `gone_${i}`),
];
const oidHexes = [200, 210, 220].map((i) => oid(1000 + i).toHexString());
const QUERIES: Query[] = [
  // GET /stock/movements and its kind: an organization's newest first, pages deep and shallow.
  { filter: { orgId: 'o1' }, sort: { createdAt: -1, _id: -1 }, limit: 20 },
  { filter: { orgId: 'o1' }, sort: { createdAt: -1, _id: -1 }, skip: 20, limit: 20 },
  { filter: { orgId: 'o1' }, sort: { createdAt: -1, _id: -1 }, skip: 57, limit: 7 },
  { filter: { orgId: 'o1' }, sort: { createdAt: -1, _id: -1 }, skip: 170, limit: 50 },
  { filter: { orgId: 'o1' }, sort: { createdAt: -1, _id: -1 }, skip: 5000, limit: 50, empty: true },
  { filter: { orgId: 'o1' }, sort: { createdAt: -1, _id: -1 } },
  { filter: { orgId: 'o1' }, sort: { createdAt: 1, _id: 1 }, limit: 30 },
  { filter: { orgId: 'o1' }, sort: { createdAt: 1, _id: -1 }, skip: 33, limit: 30 },
  { filter: { orgId: 'o1' }, sort: { createdAt: -1, name: 1, _id: 1 }, skip: 10, limit: 25 },
  { filter: { orgId: 'o1', status: 'a' }, sort: { createdAt: -1, _id: -1 }, limit: 10 },
  { filter: { orgId: 'o1', status: 'a' }, sort: { createdAt: -1, _id: -1 }, skip: 9, limit: 10 },
  { filter: { orgId: 'o1', status: 'b' }, sort: { createdAt: 1, _id: 1 }, skip: 3, limit: 100 },
  { filter: { orgId: 'o2', status: { $eq: 'b' } }, sort: { createdAt: -1, _id: 1 } },
  { filter: { orgId: 'o1', status: null }, sort: { createdAt: -1, _id: -1 }, limit: 15 },
  { filter: { orgId: 'o1', status: true }, sort: { createdAt: -1, _id: -1 } },
  { filter: { orgId: 'o1', status: 7 }, sort: { createdAt: -1, _id: -1 } },
  { filter: { orgId: null }, sort: { createdAt: -1, _id: -1 }, limit: 40 },
  { filter: { orgId: oid(1) }, sort: { createdAt: -1, _id: -1 } },
  { filter: { orgId: 'o3' }, sort: { createdAt: -1, _id: -1 } },
  // Ranges: a keyset page, date ranges on the sort key, type bracketing.
  { filter: { orgId: 'o1', createdAt: { $lte: D(4) } }, sort: { createdAt: -1, _id: -1 }, limit: 20 },
  { filter: { orgId: 'o1', createdAt: { $lt: D(4) } }, sort: { createdAt: -1, _id: -1 }, skip: 4, limit: 20 },
  {
    filter: { orgId: 'o1', createdAt: { $lte: D(5) }, $or: [{ createdAt: { $lt: D(5) } }, { _id: { $lt: 'd0300' } }] },
    sort: { createdAt: -1, _id: -1 },
    limit: 20,
  },
  { filter: { orgId: 'o1', createdAt: { $gt: D(1), $lte: D(6) } }, sort: { createdAt: 1, _id: 1 }, skip: 2, limit: 9 },
  { filter: { orgId: 'o1', createdAt: { $gte: 0 } }, sort: { createdAt: -1, _id: -1 } },
  { filter: { orgId: 'o1', createdAt: { $gt: 'a' } }, sort: { createdAt: -1, _id: -1 } },
  { filter: { status: 'a', n: { $gte: 1, $lt: 2 ** 41 } }, sort: { n: 1, _id: 1 } },
  { filter: { status: 'b', n: { $gt: 1 } }, sort: { n: -1, _id: 1 }, skip: 1, limit: 3 },
  { filter: { name: { $gte: 'a', $lt: 'bb' } }, sort: { name: 1, _id: 1 } },
  { filter: { name: { $gt: '' } }, sort: { name: -1, _id: -1 }, skip: 30, limit: 20 },
  // No filter: the order alone comes from an index.
  { filter: {}, sort: { name: 1, _id: 1 }, limit: 25 },
  { filter: {}, sort: { name: -1, _id: 1 }, skip: 100, limit: 25 },
  // Conditions no index holds: checked on the rows the index gives.
  { filter: { orgId: 'o1', status: { $in: ['a', 'b'] } }, sort: { createdAt: -1, _id: -1 }, skip: 5, limit: 20 },
  { filter: { orgId: 'o1', name: 'apple' }, sort: { createdAt: -1, _id: -1 }, limit: 5 },
  { filter: { orgId: 'o1', 'meta.x': 1 }, sort: { createdAt: -1, _id: -1 }, skip: 3, limit: 5 },
  { filter: { orgId: 'o1', n: { $ne: 2 } }, sort: { createdAt: -1, _id: -1 }, skip: 11, limit: 5 },
  { filter: { orgId: 'o1', $or: [{ status: 'a' }, { name: 'b' }] }, sort: { createdAt: -1, _id: -1 }, limit: 12 },
  { filter: { orgId: 'o1', status: 'a' }, sort: { name: 1, _id: 1 }, limit: 10 },
  { filter: { orgId: 'o1' }, sort: { createdAt: -1, _id: -1 }, limit: 10, projection: { createdAt: 1 } },
  { filter: { orgId: 'o1', code: 'c17' } },
  { filter: { orgId: 'o2' }, sort: { createdAt: -1, _id: -1 }, skip: 1 },
  // Deep pages the backend starts itself: ties at the page's first row, in both directions,
  // where the index's order of ties differs from the sort's, in the untyped groups (objects)
  // and the null group.
  ...[0, 7, 33, 61, 95, 140, 180, 250, 299, 300].flatMap((skip): Query[] => [
    {
      coll: 'clean',
      filter: { orgId: 'p1' },
      sort: { createdAt: -1, _id: -1 },
      skip,
      limit: 10,
      empty: skip >= 300 || undefined,
    },
    {
      coll: 'clean',
      filter: { orgId: 'p1' },
      sort: { createdAt: 1, _id: -1 },
      skip,
      limit: 10,
      empty: skip >= 300 || undefined,
    },
  ]),
  { coll: 'clean', filter: { orgId: 'p1', status: 'a' }, sort: { createdAt: -1, _id: 1 }, skip: 21, limit: 5 },
  { coll: 'clean', filter: { orgId: 'p1', status: null }, sort: { createdAt: 1, _id: 1 }, skip: 17, limit: 5 },
  {
    coll: 'clean',
    filter: { orgId: 'p1', createdAt: { $lte: day(5) } },
    sort: { createdAt: -1, _id: 1 },
    skip: 40,
    limit: 8,
  },
  { coll: 'clean', filter: { orgId: 'p1', tags: 'x' }, sort: { createdAt: -1, _id: -1 }, skip: 9, limit: 8 },
  // _id: {$in: [...]}: read by the _id index (strings and ObjectIds), whatever else the filter,
  // sort, skip and limit; lists of other types are left to the other paths, and answer the same.
  { filter: { _id: { $in: dList } } },
  { filter: { orgId: 'o1', _id: { $in: dList } }, sort: { createdAt: -1, _id: -1 }, limit: 3 },
  { filter: { orgId: 'o1', _id: { $in: dList } }, sort: { createdAt: 1, _id: 1 }, skip: 1, limit: 2 },
  { filter: { status: 'a', _id: { $in: dList } }, sort: { name: 1, _id: 1 } },
  { filter: { name: { $gt: '' }, _id: { $in: dList } }, sort: { name: -1, _id: 1 }, skip: 2 },
  { filter: { orgId: 'o1', createdAt: { $lte: D(5) }, _id: { $in: dList } }, sort: { createdAt: -1, _id: -1 } },
  { filter: { _id: { $in: dList }, 'meta.x': { $gte: 0 } }, sort: { _id: -1 } },
  { filter: { _id: { $in: ['d9999', 'nope'] } }, empty: true },
  { filter: { orgId: 'o1', _id: { $in: [] } }, sort: { createdAt: -1, _id: -1 }, limit: 10, empty: true },
  { coll: 'clean', filter: { orgId: 'p1', _id: { $in: ['c0001', 'c0002', 'c0003', 'c0008'] } }, sort: newest },
  { coll: 'ids', filter: { orgId: 'o', deletedAt: null, _id: { $in: mixed } } },
  { coll: 'ids', filter: { orgId: 'o', deletedAt: null, _id: { $in: mixed } }, sort: newest, limit: 5 },
  { coll: 'ids', filter: { orgId: 'o', deletedAt: null, _id: { $in: mixed } }, sort: newest, skip: 3, limit: 4 },
  {
    coll: 'ids',
    filter: { orgId: 'o', deletedAt: null, _id: { $in: mixed } },
    sort: { createdAt: 1, _id: -1 },
    skip: 2,
    limit: 5,
  },
  { coll: 'ids', filter: { orgId: 'o', deletedAt: null, _id: { $in: mixed } }, sort: newest, skip: 500, empty: true },
  { coll: 'ids', filter: { _id: { $in: mixed } }, sort: { _id: 1 } },
  { coll: 'ids', filter: { _id: { $in: mixed } }, sort: { name: 1, _id: -1 }, skip: 4, limit: 6 },
  { coll: 'ids', filter: { deletedAt: { $ne: null }, _id: { $in: mixed } }, sort: { _id: -1 } },
  { coll: 'ids', filter: { orgId: 'o', deletedAt: null, _id: { $in: thousand } }, sort: newest, limit: 25 },
  { coll: 'ids', filter: { orgId: 'o', deletedAt: null, _id: { $in: thousand } }, sort: newest, skip: 40, limit: 25 },
  { coll: 'ids', filter: { orgId: 'p', _id: { $in: thousand } }, sort: { createdAt: 1, _id: 1 }, skip: 7 },
  { coll: 'ids', filter: { _id: { $in: oidHexes } }, empty: true }, // strings never match ObjectIds
  { coll: 'ids', filter: { orgId: 'o', deletedAt: null, _id: { $in: [] } }, sort: newest, empty: true },
  // Not pushed down (numbers, a regular expression, $nin beside $in, $in inside $or): the same answers.
  { coll: 'ids', filter: { _id: { $in: [0, 3, 'prd_1', 'prd_3', 7.0, '5'] } }, sort: { _id: 1 } },
  { coll: 'ids', filter: { orgId: 'o', _id: { $in: ['prd_1', /^prd_1[0-4]$/] } }, sort: newest },
  { coll: 'ids', filter: { _id: { $in: mixed, $nin: prd(0, 2) } }, sort: newest, limit: 8 },
  { coll: 'ids', filter: { orgId: 'o', $or: [{ _id: { $in: prd(1, 2, 3) } }, { name: 'kiwi' }] }, sort: newest },
];

const collection = (q: Query) => (q.coll === 'clean' ? clean : q.coll === 'ids' ? ids : docs);

const run = (q: Query, natural: boolean) => {
  let cursor = collection(q).find(q.filter, q.projection ? { projection: q.projection } : {});
  if (q.sort) cursor = cursor.sort(q.sort);
  if (q.skip) cursor = cursor.skip(q.skip);
  if (q.limit) cursor = cursor.limit(q.limit);
  if (natural) cursor = cursor.hint({ $natural: 1 });
  return cursor.toArray();
};

/** A query as its test's name: long lists by their length, regular expressions as written. */
const shortly = (_: string, v: unknown) =>
  v instanceof RegExp ? String(v) : Array.isArray(v) && v.length > 30 ? `[${v.length} values]` : v;

describe('lists on an index answer exactly as a collection scan does', () => {
  it.each(QUERIES.map((q) => [JSON.stringify(q, shortly), q] as const))('%s', async (_, q) => {
    const [indexed, scanned] = await Promise.all([run(q, false), run(q, true)]);
    if (q.sort) {
      expect(indexed).toEqual(scanned); // every sort here ends on _id: one order only
    } else {
      const byId = (a: Doc, b: Doc) => String(a._id).localeCompare(String(b._id));
      expect([...indexed].sort(byId)).toEqual([...scanned].sort(byId));
    }
    // Each query finds something (an empty page proves little), but the page past the end.
    expect(scanned.length > 0).toBe(!q.empty);
    const coll = collection(q);
    const [count, scanCount] = await Promise.all([
      coll.countDocuments(q.filter),
      coll.countDocuments(q.filter, { hint: { $natural: 1 } }),
    ]);
    expect(count).toBe(scanCount);
  });

  it('updates and deletes through an index as through a scan', async () => {
    const filter = { orgId: 'o2', status: 'b' };
    const expected = (await docs.find(filter).hint({ $natural: 1 }).toArray()).map((d) => d._id).sort();
    expect(expected.length).toBeGreaterThan(0);
    expect((await docs.updateMany(filter, { $set: { touched: unique } })).modifiedCount).toBe(expected.length);
    const touched = (await docs.find({ touched: unique }).toArray()).map((d) => d._id).sort();
    expect(touched).toEqual(expected);
    expect((await docs.deleteMany({ ...filter, touched: unique })).deletedCount).toBe(expected.length);
    await expect(docs.countDocuments(filter)).resolves.toBe(0);
  });

  it('updates, deletes and counts by _id $in as through a scan', async () => {
    const filter: Record<string, unknown> = { orgId: 'o', deletedAt: null, _id: { $in: mixed } };
    const scan = async (f: Record<string, unknown>) =>
      (await ids.find(f).hint({ $natural: 1 }).toArray()).map((d) => String(d._id)).sort();
    const expected = await scan(filter);
    expect(expected.length).toBeGreaterThan(3);
    // countDocuments with a skip and a limit is another pipeline ($match, $skip, $limit, $group).
    await expect(ids.countDocuments(filter, { skip: 2, limit: 3 })).resolves.toBe(3);
    await expect(ids.countDocuments(filter, { skip: 2 })).resolves.toBe(expected.length - 2);
    expect((await ids.updateMany(filter, { $set: { touched: unique } })).modifiedCount).toBe(expected.length);
    await expect(scan({ touched: unique })).resolves.toEqual(expected);
    expect((await ids.updateMany({ ...filter, _id: { $in: [] } }, { $set: { touched: 'no' } })).matchedCount).toBe(0);
    const touched: Record<string, unknown> = { touched: unique, _id: { $in: mixed } };
    expect((await ids.deleteMany(touched)).deletedCount).toBe(expected.length);
    await expect(ids.countDocuments(filter)).resolves.toBe(0);
  });
});
