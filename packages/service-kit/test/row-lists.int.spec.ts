import { Schema, type Model } from 'mongoose';
import { RowLists } from '../store';
import { useTestDatabase } from './support/database';

const db = useTestDatabase();

interface Query {
  status?: string;
  search?: string;
  sortOrder: 'asc' | 'desc';
}
type Filters = Omit<Query, 'sortOrder'>;

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 0, minute));
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test's own schema
let rows: Model<any>;
/** The ids each search's candidates read named (the term index a service keeps stands here). */
const searched: string[] = [];

const lists = () =>
  new RowLists<Query, Filters, { title: string }>(rows, {
    candidates: async (_orgId, query) => {
      if (!query.search) return undefined;
      searched.push(query.search);
      return ['n1', 'n3', 'n4'];
    },
    filter: (orgId, query, among) => ({
      orgId,
      deletedAt: null,
      ...(query.status ? { status: query.status } : {}),
      ...(among ? { _id: { $in: among } } : {}),
    }),
    sort: (query) => ({ createdAt: query.sortOrder === 'asc' ? 1 : -1, _id: query.sortOrder === 'asc' ? 1 : -1 }),
  });

const row = (id: string, orgId: string, status: string, minute: number, deletedAt: Date | null = null) => ({
  _id: id,
  orgId,
  status,
  createdAt: at(minute),
  deletedAt,
  view: JSON.stringify({ title: `note ${id}` }),
});

beforeAll(async () => {
  rows = db().model('NoteRow', new Schema({ _id: String }, { strict: false }), 'note_rows');
  await rows.collection.insertMany([
    row('n1', 'org_a', 'OPEN', 1),
    row('n2', 'org_a', 'OPEN', 2),
    row('n3', 'org_a', 'CLOSED', 3),
    row('n4', 'org_a', 'OPEN', 4),
    row('n5', 'org_a', 'OPEN', 5, at(30)),
    row('n6', 'org_a', 'OPEN', 6, at(20)),
    row('n7', 'org_b', 'OPEN', 7),
    row('n8', 'org_b', 'OPEN', 8, at(40)),
  ] as never[]);
});

describe('a list kept as rows', () => {
  it("pages the organization's live rows by the filters and order, as views in the list envelope", async () => {
    const page = await lists().list('org_a', { status: 'OPEN', sortOrder: 'desc', limit: 2, offset: 1 });
    expect(page).toEqual({ data: [{ title: 'note n2' }, { title: 'note n1' }], total: 3, limit: 2, offset: 1 });
  });

  it('reads a search among its candidates only, asking them once a page', async () => {
    searched.length = 0;
    const page = await lists().list('org_a', { search: 'x', sortOrder: 'asc', limit: 10, offset: 0 });
    expect(page.data).toEqual([{ title: 'note n1' }, { title: 'note n3' }, { title: 'note n4' }]);
    expect(page.total).toBe(3);
    expect(searched).toEqual(['x']);
  });

  it('exports the filtered rows oldest first, page after page from each next', async () => {
    const first = await lists().exportPage('org_a', { status: 'OPEN' }, null, 2);
    expect(first.rows).toEqual([{ title: 'note n1' }, { title: 'note n2' }]);
    const second = await lists().exportPage('org_a', { status: 'OPEN' }, first.next, 2);
    expect(second).toEqual({ rows: [{ title: 'note n4' }], next: null });
  });

  it("lists the organization's trash, the last trashed first", async () => {
    const page = await lists().trash('org_a', { limit: 10, offset: 0 });
    expect(page).toEqual({ data: [{ title: 'note n5' }, { title: 'note n6' }], total: 2, limit: 10, offset: 0 });
  });
});
