import type { Export } from '@stockyard/contracts';
import type { Broker } from '@stockyard/service-kit/events';
import { asCaller, eventually } from '@stockyard/testkit';
import { exportJobModel } from '../src/store/export-job.model';
import { bucketOf, createExport, download, exportOf, startExports, warehouseChanges } from './support/exports';
import { startPublisher } from './support/publisher';
import type { Harness } from './support/webhooks';

const ORG = 'org_export_download';
/** Files are kept 2 s here (EXPORT_KEEP_DAYS as a fraction), so a test sees them expire. */
const KEEP_MS = 2000;
let harness: Harness;
let publisher: Broker;
beforeAll(async () => {
  harness = await startExports(ORG, { EXPORT_KEEP_DAYS: String(KEEP_MS / 86_400_000) });
  publisher = await startPublisher(harness);
  await warehouseChanges(harness, publisher, ORG, 3);
});
afterAll(async () => {
  await publisher.close();
  await harness.close();
});

const trail = { resource: 'audit_events', format: 'csv', filters: { resourceType: 'warehouse' }, fields: ['id'] };

/** The trail exported by the harness's key (`export.run` and `audit.read`), completed. */
async function completedExport(): Promise<Export> {
  const queued = await createExport(harness, trail);
  await harness.deps.exports.worker.tick();
  const job = await exportOf(harness, queued.id);
  expect(job).toMatchObject({ status: 'completed', downloadUrl: expect.any(String), downloadUnavailable: null });
  return job;
}

const storedKey = async (id: string) => {
  const doc = await exportJobModel(harness.connection).collection.findOne({ _id: id } as never);
  return doc as unknown as { objectKey: string | null; version: number; expiredAt: Date | null };
};

/** Another key of the organization: `export.run` without the trail's `audit.read`. */
const withoutRead = { headers: asCaller(ORG, ['export.run'], 'key_without_audit_read') };

describe('a download URL', () => {
  it('is answered only to a key that still holds the resource’s read permission: the job stays visible', async () => {
    const job = await completedExport();
    const res = await harness.request('GET', `/exports/${job.id}`, undefined, withoutRead);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...job,
      downloadUrl: null,
      downloadExpiresAt: null,
      downloadUnavailable: 'missing_permission',
    });
    const list = await harness.request('GET', '/exports?status=completed&limit=100', undefined, withoutRead);
    expect(list.status).toBe(200);
    const row = (list.body as { data: Export[] }).data.find((e) => e.id === job.id);
    expect(row).toMatchObject({ downloadUrl: null, downloadUnavailable: 'missing_permission' });
    // The key that holds it still gets one, and it works.
    expect((await download(await exportOf(harness, job.id))).text).toMatch(/^id\r\n/);
  });
});

describe('an export’s file', () => {
  it('is removed once its keep time ran out: the job expired, no URL, and says so', async () => {
    const job = await completedExport();
    const { objectKey } = await storedKey(job.id);
    const bucket = bucketOf(harness);
    try {
      expect(await bucket.sizeOf(objectKey!)).toBeGreaterThan(0);
      const expired = await eventually(
        async () => {
          await harness.deps.exports.expiry.tick();
          const now = await exportOf(harness, job.id);
          return now.status === 'expired' ? now : undefined;
        },
        30_000,
        200,
      );
      expect(expired).toMatchObject({
        status: 'expired',
        downloadUrl: null,
        downloadExpiresAt: null,
        downloadUnavailable: 'expired',
        rowsWritten: job.rowsWritten,
        finishedAt: job.finishedAt,
      });
      // Not before its time: it expired at least the keep time after it finished.
      expect(Date.parse(expired.fileExpiresAt!) - Date.parse(job.finishedAt!)).toBeGreaterThanOrEqual(KEEP_MS);
      expect(await bucket.sizeOf(objectKey!)).toBeUndefined();
      expect(await storedKey(job.id)).toMatchObject({ objectKey: null });
    } finally {
      bucket.close();
    }
    const listed = await harness.request('GET', '/exports?status=expired&limit=100');
    expect((listed.body as { data: Export[] }).data.map((e) => e.id)).toContain(job.id);
    const cancel = await harness.request('POST', `/exports/${job.id}/cancel`);
    expect({ status: cancel.status, code: cancel.body?.error?.code }).toEqual({
      status: 409,
      code: 'export_not_cancellable',
    });
  });

  it('is expired once when several replicas sweep together', async () => {
    const job = await completedExport();
    // Past its keep time (polled, not slept), then three processes sweep at once.
    await eventually(() => (Date.now() > Date.parse(job.fileExpiresAt!) ? true : undefined), 30_000, 50);
    const before = await storedKey(job.id);
    const replicas = [await harness.replica(), await harness.replica()];
    await Promise.all([harness, ...replicas].map((r) => r.deps.exports.expiry.tick()));
    const after = await storedKey(job.id);
    expect(after).toMatchObject({ objectKey: null, version: before.version + 1, expiredAt: expect.any(Date) });
    expect(await exportOf(harness, job.id)).toMatchObject({ status: 'expired', downloadUnavailable: 'expired' });
  });
});
