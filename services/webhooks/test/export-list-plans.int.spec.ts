import { keysetAfter } from '@stockyard/service-kit/internals';
import { infraEnv } from '@stockyard/testkit';
import mongoose from 'mongoose';
import { exportJobModel } from '../src/store/export-job.model';

/**
 * Every read of the export jobs is a range of one of their indexes, in the order it answers
 * (store/export-job.repository.ts): GET /exports' pages by each filter, after a cursor too, and
 * the workers' claims. On our FerretDB a SEARCH of the list form, sorted; on MongoDB no COLLSCAN.
 */
type Shape = [name: string, filter: Record<string, unknown>, sort: Record<string, 1 | -1>, limit: number];
const at = new Date('2026-01-01T00:00:00Z');
const newest = { createdAt: -1, _id: -1 } as const;
const SHAPES: Shape[] = [
  ['the newest page', { orgId: 'o' }, newest, 21],
  ['a page after a cursor', { orgId: 'o', ...keysetAfter({ at, id: 'exp_x' }, -1) }, newest, 21],
  ['status', { orgId: 'o', status: 'completed' }, newest, 21],
  ['resource', { orgId: 'o', resource: 'invoices' }, newest, 21],
  [
    'resource and status, after a cursor',
    { orgId: 'o', resource: 'invoices', status: 'failed', ...keysetAfter({ at, id: 'exp_x' }, -1) },
    newest,
    21,
  ],
  ['queued jobs to claim', { status: 'queued', leaseUntil: null }, { createdAt: 1 }, 8],
  ['running jobs no worker holds', { status: 'running', leaseUntil: null }, { createdAt: 1 }, 8],
  [
    'running jobs whose lease ran out',
    { status: 'running', leaseUntil: { $lte: at } },
    { leaseUntil: 1, createdAt: 1 },
    8,
  ],
];

let conn: mongoose.Connection;
beforeAll(async () => {
  conn = await mongoose.createConnection(infraEnv().mongoUrl, { dbName: `export_plans_${Date.now()}` }).asPromise();
  await exportJobModel(conn).createIndexes();
  const doc = { orgId: 'o', status: 'queued', resource: 'invoices', leaseUntil: null, createdAt: at };
  await exportJobModel(conn).collection.insertOne({ _id: 'exp_1', ...doc } as never);
});
afterAll(async () => {
  await conn.dropDatabase();
  await conn.close();
});

it.each(SHAPES)('%s reads a range of an index, in order', async (_, filter, sort, limit) => {
  const collection = exportJobModel(conn).collection;
  await collection.find(filter, { sort, limit }).toArray(); // builds the list form on FerretDB
  const find = { find: collection.collectionName, filter, sort, limit: mongoose.mongo.Long.fromNumber(limit) };
  const plan = (await conn.db!.command({ explain: find })) as {
    serverInfo?: { ferretdbVersion?: string };
    queryPlanner?: { Plan?: string[] };
  };
  if (plan.serverInfo?.ferretdbVersion !== undefined) {
    const lines = plan.queryPlanner?.Plan ?? [];
    expect(lines[0]).toMatch(/^stockyard list index .*sorted=true/);
    for (const line of lines.slice(1)) expect(line).not.toMatch(/\bSCAN\b|TEMP B-TREE/);
  } else {
    expect(JSON.stringify(plan)).not.toMatch(/COLLSCAN|"stage":"SORT"/);
  }
});
