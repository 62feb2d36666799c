import type { AuditEvent } from '@stockyard/contracts';
import type { Broker } from '@stockyard/service-kit/events';
import { auditPage, auditRecord, entriesWhen } from './support/audit';
import { settle, startPublisher } from './support/publisher';
import { startWebhooks, type Harness } from './support/webhooks';

const ORG = 'org_audit_list';
const OTHER = 'org_audit_list_other';
let harness: Harness;
let publisher: Broker;
beforeAll(async () => {
  harness = await startWebhooks(ORG);
  publisher = await startPublisher(harness);
});
afterAll(async () => {
  await publisher.close();
  await harness.close();
});

const keyActor = (keyId: string) => ({
  kind: 'key' as const,
  keyId,
  name: keyId,
  role: 'ADMIN',
  type: 'admin' as const,
  job: null,
});
const request = (route: string, method = 'POST') => ({
  route,
  method,
  path: '/api/v1/x',
  requestId: `req_${route}`,
  idempotencyKey: null,
});
const warehouseChange = (id: string) =>
  auditRecord(ORG, {
    actor: keyActor('key_a'),
    resources: [{ type: 'warehouse', id, action: 'changed', fields: { name: { before: 'A', after: 'B' } } }],
  });

// Five kinds of record, then 20 changes of one warehouse: 25 entries; three of another org beside them.
const records = [
  warehouseChange('wh_1'),
  auditRecord(ORG, {
    actor: keyActor('key_b'),
    request: request('createProduct'),
    status: 201,
    resources: [{ type: 'product', id: 'prd_1', action: 'created', fields: { name: { before: null, after: 'Mug' } } }],
  }),
  auditRecord(ORG, {
    actor: keyActor('key_a'),
    request: request('createWarehouse'),
    status: 201,
    resources: [{ type: 'warehouse', id: 'wh_2', action: 'created', fields: {} }],
  }),
  auditRecord(ORG, {
    actor: keyActor('key_b'),
    request: request('submitPurchaseOrder'),
    status: 409,
    errorCode: 'invalid_status_transition',
    resources: [],
  }),
  auditRecord(ORG, {
    actor: { kind: 'system', keyId: null, name: null, role: null, type: null, job: 'orders.hold-sweep' },
    request: null,
    status: null,
    resources: [
      { type: 'hold', id: 'hld_1', action: 'changed', fields: { status: { before: 'ACTIVE', after: 'EXPIRED' } } },
    ],
  }),
  ...Array.from({ length: 20 }, () => warehouseChange('wh_1')),
];
const others = Array.from({ length: 3 }, () => auditRecord(OTHER));

beforeAll(async () => {
  for (const event of [...records, ...others]) await publisher.publish(event);
  await entriesWhen(harness, ORG, records.length);
  await entriesWhen(harness, OTHER, others.length);
});

const idsOf = (page: { data: AuditEvent[] }) => page.data.map((e) => e.id);
const sequences = (page: { data: AuditEvent[] }) => page.data.map((e) => e.sequence);

it('answers the organization’s entries newest first, each as recorded with its place in the chain', async () => {
  const page = await auditPage(harness, ORG);
  expect(page.limit).toBe(20);
  expect(sequences(page)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
  const product = (await auditPage(harness, ORG, '?resourceType=product&limit=100')).data[0]!;
  const { orgId: _orgId, ...recorded } = records[1]!.payload;
  expect(product).toEqual({
    id: records[1]!.id,
    sequence: expect.any(Number),
    ...recorded,
    hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    previousHash: expect.stringMatching(/^[0-9a-f]{64}$/),
  });
});

it('pages by cursor: every entry once, none lost', async () => {
  const seen: number[] = [];
  let next: string | null = null;
  do {
    const page = await auditPage(harness, ORG, `?limit=7${next ? `&startingAfter=${next}` : ''}`);
    expect(page.data.length).toBeLessThanOrEqual(7);
    seen.push(...sequences(page));
    next = page.next;
  } while (next);
  expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => 25 - i));
});

it.each([
  ['resourceType=product', [1]],
  ['resourceId=wh_2', [2]],
  ['actorKeyId=key_b', [1, 3]],
  ['route=submitPurchaseOrder', [3]],
  ['status=409', [3]],
  ['resourceId=hld_1', [4]],
])('filters by %s, newest first', async (filter, indexes) => {
  const page = await auditPage(harness, ORG, `?${filter}&limit=100`);
  expect(idsOf(page)).toEqual(indexes.map((i) => records[i]!.id).reverse());
  expect(page.next).toBeNull();
});

it('combines filters, and pages a filtered list by cursor', async () => {
  const all = await auditPage(harness, ORG, '?resourceType=warehouse&actorKeyId=key_a&limit=100');
  expect(all.data).toHaveLength(22);
  const first = await auditPage(harness, ORG, '?resourceType=warehouse&actorKeyId=key_a&limit=15');
  const second = await auditPage(
    harness,
    ORG,
    `?resourceType=warehouse&actorKeyId=key_a&limit=15&startingAfter=${first.next}`,
  );
  expect([...idsOf(first), ...idsOf(second)]).toEqual(idsOf(all));
  expect(second.next).toBeNull();
});

it('never answers another organization’s entries: its list holds its own, its ids are 404', async () => {
  const theirs = await auditPage(harness, OTHER, '?limit=100');
  expect(idsOf(theirs).sort()).toEqual(others.map((e) => e.id).sort());
  const ours = await auditPage(harness, ORG, '?resourceId=wh_1&limit=100');
  expect(idsOf(ours)).not.toEqual(expect.arrayContaining([others[0]!.id]));
  const res = await harness.request('GET', `/audit-events/${others[0]!.id}`, undefined, { orgId: ORG });
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 404, code: 'resource_not_found' });
});

it('GET /audit-events/{id} answers one entry as the list does; an unknown id is 404', async () => {
  const listed = (await auditPage(harness, ORG, '?limit=1')).data[0]!;
  const res = await harness.request('GET', `/audit-events/${listed.id}`, undefined, { orgId: ORG });
  expect(res.status).toBe(200);
  expect(res.body).toEqual(listed);
  const missing = await harness.request('GET', '/audit-events/evt_nothing', undefined, { orgId: ORG });
  expect({ status: missing.status, code: missing.body?.error?.code }).toEqual({
    status: 404,
    code: 'resource_not_found',
  });
});

it('selects by when the trail recorded the entries: from and to', async () => {
  const orgId = 'org_audit_range';
  const early = [auditRecord(orgId), auditRecord(orgId)];
  for (const event of early) await publisher.publish(event);
  const stored = await entriesWhen(harness, orgId, 2);
  await settle(30);
  const between = new Date().toISOString();
  await settle(30);
  const late = [auditRecord(orgId), auditRecord(orgId), auditRecord(orgId)];
  for (const event of late) await publisher.publish(event);
  await entriesWhen(harness, orgId, 5);
  expect(stored.every((d) => d.recordedAt.toISOString() < between)).toBe(true);

  const after = await auditPage(harness, orgId, `?from=${between}`);
  expect(idsOf(after).sort()).toEqual(late.map((e) => e.id).sort());
  const before = await auditPage(harness, orgId, `?to=${between}`);
  expect(idsOf(before).sort()).toEqual(early.map((e) => e.id).sort());
  const paged = await auditPage(harness, orgId, `?from=${between}&limit=2`);
  const rest = await auditPage(harness, orgId, `?from=${between}&limit=2&startingAfter=${paged.next}`);
  expect([...idsOf(paged), ...idsOf(rest)]).toEqual(idsOf(after));
  const nothing = await auditPage(harness, orgId, `?from=${new Date(Date.now() + 60_000).toISOString()}`);
  expect(nothing).toEqual({ data: [], limit: 20, next: null });
});

describe('rejections', () => {
  it('400 validation_failed on a from after to, naming from', async () => {
    const res = await harness.request(
      'GET',
      '/audit-events?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      undefined,
      { orgId: ORG },
    );
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 400, code: 'validation_failed' });
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'from' })]);
  });

  it('400 validation_failed on a query field the list does not take', async () => {
    const res = await harness.request('GET', '/audit-events?orderBy=at', undefined, { orgId: ORG });
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 400, code: 'validation_failed' });
  });

  it('400 validation_failed on a cursor that is not a page’s next', async () => {
    const res = await harness.request('GET', '/audit-events?startingAfter=abc', undefined, { orgId: ORG });
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 400, code: 'validation_failed' });
  });
});
