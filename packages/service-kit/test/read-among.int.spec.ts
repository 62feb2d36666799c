import fc from 'fast-check';
import { Schema, type Model } from 'mongoose';
import { readPage, type PageRead } from '../src/store/read-page';
import { useTestDatabase } from './support/database';

const db = useTestDatabase();

interface Row {
  _id: string;
  orgId: string;
  kind: string;
  amount: number | null;
  deletedAt: Date | null;
  createdAt: Date;
}

const at = (second: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, second));
const ROWS: Row[] = Array.from({ length: 40 }, (_, i) => ({
  _id: `r${String(i).padStart(2, '0')}`,
  orgId: i % 10 === 9 ? 'org_b' : 'org_a',
  kind: i % 3 === 0 ? 'x' : 'y',
  amount: i % 4 === 0 ? null : (i * 7) % 11,
  deletedAt: i % 13 === 5 ? at(100) : null,
  createdAt: at(i % 6), // several rows share an instant: `_id` settles them
}));
const SORTS: Record<string, 1 | -1>[] = [
  { createdAt: -1, _id: -1 },
  { createdAt: 1, _id: 1 },
  { amount: 1, _id: 1 },
  { amount: -1, _id: -1 },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test's own model
let model: Model<any>;

beforeAll(async () => {
  const schema = new Schema({
    _id: String,
    orgId: String,
    kind: String,
    amount: Number,
    deletedAt: Date,
    createdAt: Date,
  });
  model = db().model('AmongRow', schema, 'among_rows');
  await model.collection.insertMany(ROWS as never[]);
});

/** Every page of a list, following `next` (cursor order) or the offset, and the first page's total. */
async function allPages(read: Omit<PageRead, 'page'>, limit: number) {
  const ids: string[] = [];
  let total: number | undefined;
  let startingAfter: string | undefined;
  for (let offset = 0, pages = 0; pages < 50; pages++) {
    const page = await readPage(model, { ...read, page: { limit, offset }, startingAfter });
    total ??= page.total;
    ids.push(...page.data.map((row) => (row as { id: string }).id));
    if (page.next !== undefined) {
      if (page.next === null) break;
      startingAfter = page.next;
    } else {
      if (page.data.length < limit) break;
      offset += limit;
    }
  }
  return { ids, total };
}

it("reads a page among a term index's candidates as the list's index reads it, by cursor and by offset", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.subarray(ROWS.map((r) => r._id)),
      fc.constantFrom(...SORTS),
      fc.integer({ min: 1, max: 7 }),
      fc.constantFrom(undefined, 'x', 'y'),
      async (candidates, sort, limit, kind) => {
        const filter = { orgId: 'org_a', deletedAt: null, _id: { $in: candidates }, ...(kind ? { kind } : {}) };
        const walked = await allPages({ filter, sort }, limit);
        const among = await allPages({ filter, sort, among: candidates }, limit);
        expect(among).toEqual(walked);
      },
    ),
    { numRuns: 40 },
  );
});

it('answers the exact matches among the candidates: no other organization, trashed or filtered out', async () => {
  const candidates = ROWS.map((r) => r._id);
  const page = await readPage(model, {
    filter: { orgId: 'org_a', deletedAt: null, kind: 'x', _id: { $in: candidates } },
    sort: { createdAt: -1, _id: -1 },
    page: { limit: 100, offset: 0 },
    among: candidates,
  });
  const expected = ROWS.filter((r) => r.orgId === 'org_a' && r.deletedAt === null && r.kind === 'x');
  expect(page.total).toBe(expected.length);
  expect(page.data.map((row) => (row as { id: string }).id).sort()).toEqual(expected.map((r) => r._id).sort());
  const none = await readPage(model, {
    filter: { orgId: 'org_a', deletedAt: null, _id: { $in: [] } },
    sort: { createdAt: -1, _id: -1 },
    page: { limit: 10, offset: 0 },
    among: [],
  });
  expect([none.data, none.total, none.next]).toEqual([[], 0, null]);
});
