import type { Export } from '@stockyard/contracts';
import { createExport, EXPORT_PERMISSIONS, startExports } from './support/exports';
import type { Harness } from './support/webhooks';

const ORG = 'org_export_list';
let harness: Harness;
/** Seven jobs, oldest first: trail exports (two cancelled) and invoice exports. */
let made: Export[];
beforeAll(async () => {
  harness = await startExports(ORG, {}, { permissions: [...EXPORT_PERMISSIONS, 'invoices.read'] });
  made = [];
  for (const resource of [
    'audit_events',
    'invoices',
    'audit_events',
    'invoices',
    'audit_events',
    'audit_events',
    'invoices',
  ])
    made.push(await createExport(harness, { resource, format: 'csv' }));
  for (const i of [2, 5]) expect((await harness.request('POST', `/exports/${made[i]!.id}/cancel`)).status).toBe(201);
});
afterAll(async () => {
  await harness.close();
});

type Page = { data: Export[]; limit: number; next: string | null };
async function page(query: string): Promise<Page> {
  const res = await harness.request('GET', `/exports${query}`);
  expect(res.status).toBe(200);
  return res.body as Page;
}
/** The jobs at these indexes newest first (two made in one millisecond: by id, as the list's index orders them). */
const idsOf = (indexes: number[]) =>
  indexes
    .map((i) => made[i]!)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (b.id < a.id ? -1 : 1))
    .map((j) => j.id);

it('lists the organization’s jobs newest first', async () => {
  const all = await page('');
  expect(all.data.map((j) => j.id)).toEqual(idsOf([6, 5, 4, 3, 2, 1, 0]));
  expect(all).toMatchObject({ limit: 20, next: null });
});

it.each([
  ['status=cancelled', [5, 2]],
  ['resource=invoices', [6, 3, 1]],
  ['resource=audit_events&status=queued', [4, 0]],
])('filters by %s', async (query, indexes) => {
  expect((await page(`?${query}`)).data.map((j) => j.id)).toEqual(idsOf(indexes));
});

it('pages by cursor: a page’s next is the following page’s startingAfter, every job once', async () => {
  const seen: string[] = [];
  let next: string | null = null;
  do {
    const p: Page = await page(`?limit=3${next ? `&startingAfter=${next}` : ''}`);
    expect(p.data.length).toBeLessThanOrEqual(3);
    seen.push(...p.data.map((j) => j.id));
    next = p.next;
  } while (next);
  expect(seen).toEqual(idsOf([6, 5, 4, 3, 2, 1, 0]));
});

describe('rejections', () => {
  it.each([
    ['a limit above 100', '?limit=101'],
    ['an unknown status', '?status=done'],
    ['an unknown resource', '?resource=customers'],
    ['a cursor no page gave', '?startingAfter=abc'],
    ['a query field the list does not take', '?sort=createdAt'],
  ])('400 validation_failed on %s', async (_label, query) => {
    const res = await harness.request('GET', `/exports${query}`);
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 400, code: 'validation_failed' });
  });
});
