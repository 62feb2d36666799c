import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createExport, EXPORT_PERMISSIONS, exportOf, startExports } from './support/exports';
import type { Harness } from './support/webhooks';

const ORG = 'org_export_owner_away';
let harness: Harness;
beforeAll(async () => {
  // The catalog's name never resolves: each page read fails at once, as with an owner that is down.
  harness = await startExports(
    ORG,
    { CATALOG_URL: 'http://catalog.invalid' },
    { permissions: [...EXPORT_PERMISSIONS, 'products.read'] },
  );
});
afterAll(async () => {
  await harness.close();
});

it('fails a job whose owner does not answer with dependency_unavailable, after its retries, with no file', async () => {
  const queued = await createExport(harness, { resource: 'products', format: 'csv', filters: { brandId: 'brand_1' } });
  // Every request undici makes (the kit's peer calls, and fetch) is announced on this channel.
  const asked: string[] = [];
  const onRequest = (message: unknown) => {
    const { request } = message as { request: { origin: string; path: string } };
    asked.push(`${request.origin}${request.path}`);
  };
  subscribe('undici:request:create', onRequest);
  await harness.deps.exports.worker.tick(); // the page, then three retries 10, 20 and 40 ms apart
  unsubscribe('undici:request:create', onRequest);
  const pageCalls = asked.filter((url) => url.startsWith('http://catalog.invalid/internal/v1/'));
  expect(pageCalls.length).toBeGreaterThanOrEqual(4);
  expect(await exportOf(harness, queued.id)).toMatchObject({
    status: 'failed',
    failureCode: 'dependency_unavailable',
    rowsWritten: 0,
    downloadUrl: null,
    finishedAt: expect.any(String),
  });
});
