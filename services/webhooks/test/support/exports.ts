import type { Export } from '@stockyard/contracts';
import type { Broker } from '@stockyard/service-kit/events';
import { ObjectBucket } from '@stockyard/service-kit/objects';
import { AuditReads } from '../../src/commands/audit-reads';
import { eventually, type HarnessOptions } from '@stockyard/testkit';
import { auditEntries, auditRecord } from './audit';
import { startWebhooks, type Harness } from './webhooks';

/** What an exporting key holds for the trail: `export.run` and the trail's own read permission. */
export const EXPORT_PERMISSIONS = ['export.run', 'audit.read'];

/** The service with its exports' worker and expiry sweep left to the test (`tick()`), pages of 5 rows. */
export const startExports = (orgId: string, env: Record<string, string> = {}, options: HarnessOptions = {}) =>
  startWebhooks(orgId, {
    permissions: EXPORT_PERMISSIONS,
    ...options,
    env: { EXPORT_POLL_MS: '0', EXPORT_EXPIRY_SWEEP_MS: '0', EXPORT_PAGE_ROWS: '5', EXPORT_RETRY_MS: '10', ...env },
  });

/** POST /exports, answered 202 with the queued job. */
export async function createExport(harness: Pick<Harness, 'request'>, body: unknown): Promise<Export> {
  const res = await harness.request('POST', '/exports', body);
  expect({ status: res.status, body: res.status === 202 ? 'ok' : res.body }).toEqual({ status: 202, body: 'ok' });
  return res.body as Export;
}

export async function exportOf(harness: Pick<Harness, 'request'>, id: string): Promise<Export> {
  const res = await harness.request('GET', `/exports/${id}`);
  expect(res.status).toBe(200);
  return res.body as Export;
}

/** The completed job's file, fetched as a partner would: through its presigned URL. */
export async function download(job: Export): Promise<{ text: string; disposition: string | null }> {
  expect(job.downloadUrl).toEqual(expect.any(String));
  const res = await fetch(job.downloadUrl!);
  expect(res.status).toBe(200);
  return { text: await res.text(), disposition: res.headers.get('content-disposition') };
}

/** The harness's exports bucket, to look at objects behind the API (`close` when done). */
export function bucketOf(harness: Pick<Harness, 'config' | 'logger'>) {
  const bucket = new ObjectBucket(harness.config, 'test exports', harness.logger);
  return {
    sizeOf: (key: string) => bucket.sizeOf(key),
    /** Stores `text` at `key` as an export's file is stored. */
    put: async (key: string, text: string, contentType: string) => {
      const file = bucket.partUpload(key, contentType);
      await file.write(text);
      await file.finish();
    },
    close: () => bucket.stop(),
  };
}

/** `count` changes of warehouses in the organization's trail, stored (the trail's resource type `warehouse`). */
export async function warehouseChanges(harness: Harness, publisher: Broker, orgId: string, count: number) {
  const events = Array.from({ length: count }, (_, i) =>
    auditRecord(orgId, {
      resources: [
        {
          type: 'warehouse',
          id: `wh_${i}`,
          action: 'changed',
          fields: { name: { before: `=old ${i}`, after: `B, ${i}` } },
        },
      ],
    }),
  );
  for (const event of events) await publisher.publish(event);
  // Counted by type: the organization's own export jobs are in its trail too.
  const stored = () => auditEntries(harness).countDocuments({ orgId, resourceType: 'warehouse' });
  await eventually(async () => ((await stored()) >= count ? true : undefined), 30_000, 50);
  return events;
}

/** The trail's page read as the exports' worker calls it (the original, for a spy to call on). */
const readPage: (
  this: AuditReads,
  ...args: Parameters<AuditReads['exportRows']>
) => ReturnType<AuditReads['exportRows']> =
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the instance's `this` below
  AuditReads.prototype.exportRows;

/**
 * Runs `hook` before the `nth` page read of the trail by any worker of the process (then the read
 * goes on): where a test cancels, stops or stalls a worker mid-job. `mockRestore()` when done.
 */
export function beforePageRead(nth: number, hook: () => Promise<unknown> | void) {
  let calls = 0;
  return jest.spyOn(AuditReads.prototype, 'exportRows').mockImplementation(async function (this: AuditReads, ...args) {
    if (++calls === nth) await hook();
    return readPage.apply(this, args);
  });
}
