import type { AuditEvent, AuditRecordedPayload } from '@stockyard/contracts';
import { newEvent } from '@stockyard/service-kit';
import { eventually } from '@stockyard/testkit';
import type { AuditEntryDoc } from '../../src/store/audit-entry.model';
import type { Harness } from './webhooks';

/** An `audit.recorded` event as a service's relay publishes it: a key changed one resource. */
export function auditRecord(orgId: string, overrides: Partial<AuditRecordedPayload> = {}) {
  return newEvent('audit.recorded', {
    orgId,
    at: new Date().toISOString(),
    actor: { kind: 'key', keyId: 'key_audit', name: 'Back office', role: 'ADMIN', type: 'admin', job: null },
    request: {
      route: 'updateWarehouse',
      method: 'PATCH',
      path: '/api/v1/warehouses/wh_1',
      requestId: 'req_1',
      idempotencyKey: null,
    },
    status: 200,
    errorCode: null,
    resources: [{ type: 'warehouse', id: 'wh_1', action: 'changed', fields: { name: { before: 'A', after: 'B' } } }],
    ...overrides,
  });
}

export const auditEntries = (harness: Pick<Harness, 'connection'>) =>
  harness.connection.collection<AuditEntryDoc>('audit_events');

/** The organization's stored entries in sequence order, once there are `count`. */
export const entriesWhen = (harness: Pick<Harness, 'connection'>, orgId: string, count: number, timeoutMs = 30_000) =>
  eventually(
    async () => {
      const docs = await auditEntries(harness).find({ orgId }).sort({ sequence: 1 }).toArray();
      return docs.length >= count ? docs : undefined;
    },
    timeoutMs,
    50,
  );

/** A page of GET /audit-events for the organization. */
export async function auditPage(harness: Harness, orgId: string, query = '') {
  const res = await harness.request('GET', `/audit-events${query}`, undefined, { orgId });
  expect(res.status).toBe(200);
  return res.body as { data: AuditEvent[]; limit: number; next: string | null };
}
