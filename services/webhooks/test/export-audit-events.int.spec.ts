import type { AuditEvent } from '@stockyard/contracts';
import type { Broker } from '@stockyard/service-kit/events';
import { eventually } from '@stockyard/testkit';
import { parse } from 'csv-parse/sync';
import { auditPage } from './support/audit';
import { createExport, download, exportOf, startExports, warehouseChanges } from './support/exports';
import { startPublisher } from './support/publisher';
import type { Harness } from './support/webhooks';

const ORG = 'org_export_audit';
/** 12 changes in pages of 5: three pages, the last a short one. */
const CHANGES = 12;
let harness: Harness;
let publisher: Broker;
let listed: AuditEvent[];
beforeAll(async () => {
  harness = await startExports(ORG);
  publisher = await startPublisher(harness);
  await warehouseChanges(harness, publisher, ORG, CHANGES);
  listed = (await auditPage(harness, ORG, '?resourceType=warehouse&limit=100')).data;
});
afterAll(async () => {
  await publisher.close();
  await harness.close();
});

/** Creates the export of the organization's warehouse changes and runs the worker over it. */
async function exportTrail(format: 'csv' | 'ndjson', fields?: string[]) {
  const queued = await createExport(harness, {
    resource: 'audit_events',
    format,
    filters: { resourceType: 'warehouse' },
    fields,
  });
  await harness.deps.exports.worker.tick();
  return exportOf(harness, queued.id);
}

it('exports the trail as NDJSON: every entry GET /audit-events lists, in its order, as it answers them', async () => {
  expect(listed).toHaveLength(CHANGES);
  const job = await exportTrail('ndjson');
  expect(job).toMatchObject({ status: 'completed', rowsWritten: CHANGES, failureCode: null });
  const { text, disposition } = await download(job);
  expect(
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as unknown),
  ).toEqual(listed);
  expect(job.bytesWritten).toBe(Buffer.byteLength(text));
  expect(disposition).toBe(`attachment; filename="audit_events-${job.id}.ndjson"`);
});

it('exports the trail as CSV: a header, a row per entry, nested objects flattened, other arrays as JSON', async () => {
  const job = await exportTrail('csv');
  const [header = [], ...rows] = parse((await download(job)).text);
  const column = (name: string) => rows.map((row) => row[header.indexOf(name)]);
  expect(rows).toHaveLength(CHANGES);
  expect(header.slice(0, 5)).toEqual(['at', 'actor.kind', 'actor.keyId', 'actor.name', 'actor.role']);
  expect(column('id')).toEqual(listed.map((e) => e.id));
  expect(column('sequence')).toEqual(listed.map((e) => String(e.sequence)));
  expect(column('request.route')).toEqual(listed.map((e) => e.request?.route));
  expect(column('resources')).toEqual(listed.map((e) => JSON.stringify(e.resources)));
  expect(column('errorCode')).toEqual(listed.map(() => ''));
  expect(job.rowsWritten).toBe(CHANGES);
});

it('answers a completed job’s download URL for 15 minutes; a job not completed has none', async () => {
  const job = await exportTrail('csv', ['id']);
  const expires = Date.parse(job.downloadExpiresAt!) - Date.now();
  expect(expires).toBeGreaterThan(14 * 60_000);
  expect(expires).toBeLessThanOrEqual(15 * 60_000);
  expect(new URL(job.downloadUrl!).searchParams.get('X-Amz-Expires')).toBe('900');
  expect(job.startedAt! <= job.finishedAt!).toBe(true);
  // The file is kept EXPORT_KEEP_DAYS (7 by default) after the job finished.
  expect(Date.parse(job.fileExpiresAt!) - Date.parse(job.finishedAt!)).toBe(7 * 86_400_000);
  expect(job.downloadUnavailable).toBeNull();
  const queued = await createExport(harness, { resource: 'audit_events', format: 'csv' });
  expect(queued).toMatchObject({ downloadUrl: null, downloadExpiresAt: null });
  await harness.deps.exports.worker.tick(); // leaves no queued job to the next file's harness
});

it('publishes export.completed with the job, its resource and its rows', async () => {
  const job = await exportTrail('ndjson');
  const event = await eventually(() =>
    harness.events.find((e) => e.name === 'export.completed' && e.payload.exportId === job.id),
  );
  expect(event).toMatchObject({
    orgId: ORG,
    payload: { orgId: ORG, exportId: job.id, resource: 'audit_events', rows: CHANGES },
  });
});
