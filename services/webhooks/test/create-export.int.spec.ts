import { exportJobModel } from '../src/store/export-job.model';
import { createExport, EXPORT_PERMISSIONS, startExports } from './support/exports';
import type { Harness } from './support/webhooks';

const ORG = 'org_export_create';
let harness: Harness;
beforeAll(async () => {
  harness = await startExports(ORG);
});
afterAll(async () => {
  await harness.close();
});

const refusal = (res: { status: number; body?: { error?: { code?: string } } }) => ({
  status: res.status,
  code: res.body?.error?.code,
});

it('queues a job and answers it with 202, keeping who asked on it', async () => {
  const body = {
    resource: 'audit_events',
    format: 'csv',
    filters: { resourceType: 'warehouse' },
    fields: ['id', 'at'],
  };
  const job = await createExport(harness, body);
  expect(job).toEqual({
    id: expect.stringMatching(/^exp_/),
    resource: 'audit_events',
    format: 'csv',
    filters: { resourceType: 'warehouse' },
    fields: ['id', 'at'],
    status: 'queued',
    rowsWritten: 0,
    bytesWritten: 0,
    failureCode: null,
    downloadUrl: null,
    downloadExpiresAt: null,
    downloadUnavailable: null,
    fileExpiresAt: null,
    createdAt: expect.any(String),
    startedAt: null,
    finishedAt: null,
  });
  const stored = await exportJobModel(harness.connection).collection.findOne({ _id: job.id } as never);
  expect(stored).toMatchObject({ orgId: ORG, requestedBy: { keyId: 'key_test' } });
});

it('answers the same job to a retry with the same Idempotency-Key', async () => {
  const body = { resource: 'audit_events', format: 'ndjson' };
  const headers = { 'idempotency-key': `export-${Date.now()}` };
  const first = await harness.request('POST', '/exports', body, { headers });
  const again = await harness.request('POST', '/exports', body, { headers });
  expect([first.status, again.status]).toEqual([202, 202]);
  expect(again.body.id).toBe(first.body.id);
});

describe('rejections', () => {
  it('403 missing_permission when the key lacks the resource’s read permission, naming it', async () => {
    const res = await harness.request('POST', '/exports', { resource: 'invoices', format: 'csv' });
    expect(refusal(res)).toEqual({ status: 403, code: 'missing_permission' });
    expect(res.body.error.message).toBe('This API key lacks the invoices.read permission');
    expect(res.body.error.details).toEqual([
      { field: 'resource', code: 'missing_permission', message: 'exporting invoices needs invoices.read' },
    ]);
    const trail = await harness.request(
      'POST',
      '/exports',
      { resource: 'audit_events', format: 'csv' },
      {
        permissions: ['export.run'],
      },
    );
    expect(refusal(trail)).toEqual({ status: 403, code: 'missing_permission' });
    const allowed = await harness.request(
      'POST',
      '/exports',
      { resource: 'invoices', format: 'csv' },
      {
        permissions: [...EXPORT_PERMISSIONS, 'invoices.read'],
      },
    );
    expect(allowed.status).toBe(202);
  });

  it.each([
    ['an unknown resource', { resource: 'customers', format: 'csv' }, 'resource'],
    ['an unknown format', { resource: 'audit_events', format: 'xlsx' }, 'format'],
    [
      'a filter the resource does not take',
      { resource: 'audit_events', format: 'csv', filters: { sku: 'A' } },
      'filters',
    ],
    [
      'a filter of the wrong type',
      { resource: 'audit_events', format: 'csv', filters: { status: 'ok' } },
      'filters.status',
    ],
    ['an unknown field', { resource: 'audit_events', format: 'csv', fields: ['id', 'password'] }, 'fields.1'],
    ['a field named twice', { resource: 'audit_events', format: 'csv', fields: ['id', 'id'] }, 'fields'],
    ['a body field the route does not take', { resource: 'audit_events', format: 'csv', limit: 5 }, undefined],
  ])('400 validation_failed on %s', async (_label, body, field) => {
    const res = await harness.request('POST', '/exports', body);
    expect(refusal(res)).toEqual({ status: 400, code: 'validation_failed' });
    if (field) expect(res.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });
});
