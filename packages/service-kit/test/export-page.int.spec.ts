import { exportPage } from '../src/store/export-page';
import { useTestDatabase } from './support/database';

const db = useTestDatabase();

interface Row {
  _id: string;
  orgId: string;
  kind: string;
  createdAt: Date;
}

const at = (second: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, second));

/** Every page after the first starts from the previous one's `next`, as the exports' worker asks. */
async function readAll(filter: Record<string, unknown>, limit: number) {
  const rows = db().collection<Row>('export_rows');
  const ids: string[] = [];
  let after: string | null = null;
  do {
    const page: { rows: Record<string, unknown>[]; next: string | null } = await exportPage(
      rows,
      filter,
      after,
      limit,
      (doc) => ({ id: doc._id }),
    );
    ids.push(...page.rows.map((row) => row.id as string));
    after = page.next;
  } while (after);
  return ids;
}

it("reads an organization's matching rows oldest first, page after page, each once (same instants too)", async () => {
  const rows = db().collection<Row>('export_rows');
  await rows.insertMany([
    { _id: 'r5', orgId: 'org_a', kind: 'x', createdAt: at(3) },
    { _id: 'r1', orgId: 'org_a', kind: 'x', createdAt: at(1) },
    { _id: 'r3', orgId: 'org_a', kind: 'x', createdAt: at(2) },
    { _id: 'r2', orgId: 'org_a', kind: 'x', createdAt: at(2) },
    { _id: 'r4', orgId: 'org_a', kind: 'y', createdAt: at(2) },
    { _id: 'r6', orgId: 'org_b', kind: 'x', createdAt: at(1) },
  ]);
  expect(await readAll({ orgId: 'org_a' }, 2)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
  expect(await readAll({ orgId: 'org_a', $or: [{ kind: 'x' }, { _id: 'r4' }] }, 1)).toEqual([
    'r1',
    'r2',
    'r3',
    'r4',
    'r5',
  ]);
  expect(await readAll({ orgId: 'org_a', kind: 'x' }, 10)).toEqual(['r1', 'r2', 'r3', 'r5']);
  // A range of the filter's own on the time field, with an $or beside it, page after page.
  const fromTwo = { orgId: 'org_a', createdAt: { $gte: at(2), $lt: at(3) }, $or: [{ kind: 'y' }, { _id: 'r2' }] };
  expect(await readAll(fromTwo, 1)).toEqual(['r2', 'r4']);
  expect(await readAll({ orgId: 'org_a', createdAt: at(2) }, 1)).toEqual(['r2', 'r3', 'r4']);
  expect(await readAll({ orgId: 'org_c' }, 10)).toEqual([]);
});

it('refuses a cursor it did not make with 400 naming `after`', async () => {
  const rows = db().collection<Row>('export_rows');
  await expect(
    exportPage(rows, { orgId: 'org_a' }, 'not-a-cursor', 10, (doc) => ({ id: doc._id })),
  ).rejects.toMatchObject({
    status: 400,
    code: 'validation_failed',
    details: [{ field: 'after', code: 'invalid_cursor' }],
  });
});
