import type { Broker } from '@stockyard/service-kit/events';
import { eventually } from '@stockyard/testkit';
import { parse } from 'csv-parse/sync';
import { exportObjectKey } from '../src/domain/export-view';
import { exportJobModel } from '../src/store/export-job.model';
import { auditPage } from './support/audit';
import {
  beforePageRead,
  bucketOf,
  createExport,
  download,
  exportOf,
  startExports,
  warehouseChanges,
} from './support/exports';
import { startPublisher } from './support/publisher';
import type { Harness } from './support/webhooks';

const ORG = 'org_export_takeover';
const CHANGES = 12;
let harness: Harness;
let publisher: Broker;
let listedIds: string[];
beforeAll(async () => {
  // A short lease, so a stalled worker's job is taken over within the test.
  harness = await startExports(ORG, { EXPORT_LEASE_MS: '300' });
  publisher = await startPublisher(harness);
  await warehouseChanges(harness, publisher, ORG, CHANGES);
  listedIds = (await auditPage(harness, ORG, '?resourceType=warehouse&limit=100')).data.map((e) => e.id);
});
afterEach(() => jest.restoreAllMocks());
afterAll(async () => {
  await publisher.close();
  await harness.close();
});

const trail = { resource: 'audit_events', format: 'csv', filters: { resourceType: 'warehouse' }, fields: ['id'] };
const idsIn = (csv: string) =>
  parse(csv)
    .slice(1)
    .map(([id]) => id);
const keyOf = (id: string, attempt: number) => exportObjectKey({ orgId: ORG, id, format: 'csv' }, attempt);
/** Two more replicas of the service on its database: two workers of their own (a stopped one stays stopped). */
const twoReplicas = async () => [
  (await harness.replica()).deps.exports.worker,
  (await harness.replica()).deps.exports.worker,
];

it('gives a job whose worker stopped mid-job to another replica, which writes it once from the first row', async () => {
  const job = await createExport(harness, trail);
  const [stopping, other] = await twoReplicas();
  let stopped: Promise<void> | undefined;
  beforePageRead(2, () => void (stopped = stopping!.stop())); // the process is told to stop during its second page
  await stopping!.tick();
  await stopped;
  const released = await exportJobModel(harness.connection).collection.findOne({ _id: job.id } as never);
  expect(released).toMatchObject({ status: 'running', attempt: 1, rowsWritten: 10, leaseOwner: null });

  await other!.tick();
  const done = await exportOf(harness, job.id);
  expect(done).toMatchObject({ status: 'completed', rowsWritten: CHANGES });
  expect(idsIn((await download(done)).text)).toEqual(listedIds);
  const bucket = bucketOf(harness);
  try {
    expect(await bucket.sizeOf(keyOf(job.id, 1))).toBeUndefined(); // the stopped attempt's upload was aborted
  } finally {
    bucket.close();
  }
});

it('takes over a job whose worker stalled past its lease; the stalled worker then writes nothing', async () => {
  const job = await createExport(harness, trail);
  const [frozen, other] = await twoReplicas();
  let resume!: () => void;
  let reached!: () => void;
  const stalled = new Promise<void>((r) => (resume = r));
  const stalling = new Promise<void>((r) => (reached = r));
  beforePageRead(2, () => {
    reached();
    return stalled; // the first worker hangs on its second page (a replica that froze)
  });
  const first = frozen!.tick();
  await stalling;
  // Once its lease (300 ms, renewed after page 1) runs out, the other replica claims the job and writes it all.
  const done = await eventually(async () => {
    await other!.tick();
    const now = await exportOf(harness, job.id);
    return now.status === 'completed' ? now : undefined;
  });
  // The job's own fields (the outbox is the relay's, which empties it meanwhile).
  const stored = async () => {
    const doc = await exportJobModel(harness.connection).collection.findOne({ _id: job.id } as never);
    const { outbox: _o, outboxPending: _p, outboxAt: _a, ...fields } = doc as unknown as Record<string, unknown>;
    return fields;
  };
  const completed = await stored();
  expect(completed).toMatchObject({ attempt: 2, objectKey: keyOf(job.id, 2), version: expect.any(Number) });
  resume();
  await first; // its second page read, it finds the job taken: no progress, no completion, its upload aborted
  expect(await stored()).toEqual(completed);
  expect(idsIn((await download(done)).text)).toEqual(listedIds);
  const bucket = bucketOf(harness);
  try {
    expect(await bucket.sizeOf(keyOf(job.id, 1))).toBeUndefined();
  } finally {
    bucket.close();
  }
});

it('removes the file of an attempt that died after storing it, before completing, and presents its own', async () => {
  const job = await createExport(harness, trail);
  const bucket = bucketOf(harness);
  try {
    await bucket.put(keyOf(job.id, 1), 'id\r\nhalf\r\n', 'text/csv');
    const dead = { status: 'running', attempt: 1, leaseOwner: 'gone:1', leaseUntil: new Date(Date.now() - 1000) };
    await exportJobModel(harness.connection).collection.updateOne({ _id: job.id } as never, { $set: dead });
    await harness.deps.exports.worker.tick();
    const done = await exportOf(harness, job.id);
    expect(idsIn((await download(done)).text)).toEqual(listedIds);
    expect(await bucket.sizeOf(keyOf(job.id, 1))).toBeUndefined();
  } finally {
    bucket.close();
  }
});
