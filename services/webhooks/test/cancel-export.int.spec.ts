import type { Broker } from '@stockyard/service-kit/events';
import { exportObjectKey } from '../src/domain/export-view';
import { beforePageRead, bucketOf, createExport, exportOf, startExports, warehouseChanges } from './support/exports';
import { startPublisher } from './support/publisher';
import type { Harness } from './support/webhooks';

const ORG = 'org_export_cancel';
const OTHER = 'org_export_cancel_other';
let harness: Harness;
let publisher: Broker;
beforeAll(async () => {
  harness = await startExports(ORG);
  publisher = await startPublisher(harness);
  await warehouseChanges(harness, publisher, ORG, 12);
});
afterAll(async () => {
  jest.restoreAllMocks();
  await publisher.close();
  await harness.close();
});

const refusal = (res: { status: number; body?: { error?: { code?: string } } }) => ({
  status: res.status,
  code: res.body?.error?.code,
});
const trail = { resource: 'audit_events', format: 'csv', filters: { resourceType: 'warehouse' } };

it('cancels a queued job with 201; no worker runs it then', async () => {
  const job = await createExport(harness, trail);
  const res = await harness.request('POST', `/exports/${job.id}/cancel`);
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    id: job.id,
    status: 'cancelled',
    finishedAt: expect.any(String),
    downloadUrl: null,
  });
  await harness.deps.exports.worker.tick();
  expect(await exportOf(harness, job.id)).toMatchObject({ status: 'cancelled', rowsWritten: 0, startedAt: null });
});

it('cancels a running job: its worker stops after the page in hand and leaves no file', async () => {
  const job = await createExport(harness, trail);
  let cancelled: Awaited<ReturnType<Harness['request']>> | undefined;
  // The cancel arrives while the worker reads its first page.
  const pages = beforePageRead(1, async () => {
    cancelled = await harness.request('POST', `/exports/${job.id}/cancel`);
  });
  await harness.deps.exports.worker.tick();
  expect(pages).toHaveBeenCalledTimes(1); // of three
  pages.mockRestore();
  expect(cancelled).toMatchObject({ status: 201, body: { status: 'cancelled' } });
  expect(await exportOf(harness, job.id)).toMatchObject({ status: 'cancelled', rowsWritten: 0, downloadUrl: null });
  const bucket = bucketOf(harness);
  try {
    expect(await bucket.sizeOf(exportObjectKey({ orgId: ORG, id: job.id, format: 'csv' }, 1))).toBeUndefined();
  } finally {
    bucket.close();
  }
});

describe('rejections', () => {
  it('409 export_not_cancellable on a finished job (completed, or cancelled already)', async () => {
    const job = await createExport(harness, trail);
    await harness.deps.exports.worker.tick();
    expect(await exportOf(harness, job.id)).toMatchObject({ status: 'completed' });
    const res = await harness.request('POST', `/exports/${job.id}/cancel`);
    expect(refusal(res)).toEqual({ status: 409, code: 'export_not_cancellable' });
    const queued = await createExport(harness, trail);
    expect((await harness.request('POST', `/exports/${queued.id}/cancel`)).status).toBe(201);
    const again = await harness.request('POST', `/exports/${queued.id}/cancel`);
    expect(refusal(again)).toEqual({ status: 409, code: 'export_not_cancellable' });
  });

  it('404 on another organization’s job, for its download and its cancel, as for an unknown id', async () => {
    const job = await createExport(harness, trail);
    await harness.deps.exports.worker.tick();
    for (const [method, path] of [
      ['GET', `/exports/${job.id}`],
      ['POST', `/exports/${job.id}/cancel`],
      ['GET', '/exports/exp_unknown'],
    ] as const) {
      const res = await harness.request(method, path, undefined, { orgId: OTHER });
      expect(refusal(res)).toEqual({ status: 404, code: 'resource_not_found' });
    }
    const theirs = await harness.request('GET', '/exports', undefined, { orgId: OTHER });
    expect(theirs.body.data).toEqual([]);
    expect(await exportOf(harness, job.id)).toMatchObject({ status: 'completed' });
  });
});
