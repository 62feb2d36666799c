import { infraEnv } from '@stockyard/testkit';
import mongoose from 'mongoose';
import { auditEntryModel } from '../src/store/audit-entry.model';

/**
 * Every read of the audit trail is a range of one of its indexes, in the order it answers (the
 * shapes of store/audit-entries.repository.ts), so a page at a million entries reads about a
 * page: on our FerretDB a SEARCH of the list form, sorted; on MongoDB no COLLSCAN and no SORT.
 */
type Shape = [name: string, filter: Record<string, unknown>, sort: Record<string, 1 | -1>, limit: number];
const at = new Date('2026-01-01T00:00:00Z');
const SHAPES: Shape[] = [
  ['the newest page', { orgId: 'o' }, { sequence: -1 }, 21],
  ['a page below a cursor, within a time range', { orgId: 'o', sequence: { $gte: 3, $lte: 50 } }, { sequence: -1 }, 21],
  ['resourceType', { orgId: 'o', resourceType: 'w', sequence: { $lte: 50 } }, { sequence: -1 }, 21],
  ['resourceId', { orgId: 'o', resourceId: 'a' }, { sequence: -1 }, 21],
  ['actorKeyId', { orgId: 'o', actorKeyId: 'k', sequence: { $gte: 3, $lte: 50 } }, { sequence: -1 }, 21],
  ['route', { orgId: 'o', route: 'r' }, { sequence: -1 }, 21],
  ['status', { orgId: 'o', status: 200 }, { sequence: -1 }, 21],
  ['from: the first sequence since', { orgId: 'o', recordedAt: { $gte: at } }, { recordedAt: 1, sequence: 1 }, 1],
  ['to: the last sequence until', { orgId: 'o', recordedAt: { $lte: at } }, { recordedAt: -1, sequence: -1 }, 1],
  ['a verification page', { orgId: 'o', sequence: { $gte: 1, $lte: 5000 } }, { sequence: 1 }, 1000],
];

let conn: mongoose.Connection;
beforeAll(async () => {
  conn = await mongoose.createConnection(infraEnv().mongoUrl, { dbName: `audit_plans_${Date.now()}` }).asPromise();
  await auditEntryModel(conn).createIndexes();
  const doc = { orgId: 'o', sequence: 1, recordedAt: at, resourceType: 'w', resourceId: 'a', status: 200 };
  await auditEntryModel(conn).collection.insertOne({ _id: 'evt_1', ...doc } as never);
});
afterAll(async () => {
  await conn.dropDatabase();
  await conn.close();
});

it.each(SHAPES)('%s reads a range of an index, in order', async (_, filter, sort, limit) => {
  const collection = auditEntryModel(conn).collection;
  await collection.find(filter, { sort, limit }).toArray(); // builds the list form on FerretDB
  const find = { find: collection.collectionName, filter, sort, limit: mongoose.mongo.Long.fromNumber(limit) };
  const plan = (await conn.db!.command({ explain: find })) as {
    serverInfo?: { ferretdbVersion?: string };
    queryPlanner?: { Plan?: string[] };
  };
  if (plan.serverInfo?.ferretdbVersion !== undefined) {
    const lines = plan.queryPlanner?.Plan ?? [];
    expect(lines[0]).toMatch(/^stockyard list index .*sorted=true exact=true/);
    for (const line of lines.slice(1)) expect(line).not.toMatch(/\bSCAN\b|TEMP B-TREE/);
  } else {
    const text = JSON.stringify(plan);
    expect(text).not.toMatch(/COLLSCAN|"stage":"SORT"/);
  }
});
