import type { AuditEvent } from '@stockyard/contracts';
import { eventually, startReceiver } from '@stockyard/testkit';
import { auditEntries, auditPage } from './support/audit';
import type { Receiver } from './support/publisher';
import { startWebhooks, type Harness } from './support/webhooks';

let harness: Harness;
let receiver: Receiver;
beforeAll(async () => {
  harness = await startWebhooks('org_audit_endpoints', { env: { WEBHOOK_URL_ALLOWLIST: '127.0.0.1' } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await harness.close();
});

/** The organization's entries about one resource, newest first, once there are `count`. */
const trailOf = (orgId: string, resourceId: string, count: number) =>
  eventually(async () => {
    const page = await auditPage(harness, orgId, `?resourceId=${resourceId}&limit=100`);
    return page.data.length >= count ? page.data : undefined;
  }, 30_000);

it('records an endpoint’s create, change, secret rotation and deletion, with no secret in any entry', async () => {
  const orgId = 'org_audit_endpoints';
  const created = await harness.request(
    'POST',
    '/webhooks',
    { url: receiver.url, events: ['product.created'] },
    { orgId },
  );
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const rotated = await harness.request('POST', `/webhooks/${id}/rotate-secret`, undefined, { orgId });
  expect(rotated.status).toBe(201);
  const patched = await harness.request('PATCH', `/webhooks/${id}`, { enabled: false }, { orgId });
  expect(patched.status).toBe(200);
  expect((await harness.request('DELETE', `/webhooks/${id}`, undefined, { orgId })).status).toBe(204);

  // The deletion is two writes: the endpoint marked deleted, then removed once its deliveries are gone.
  const trail: AuditEvent[] = (await trailOf(orgId, id, 5)).reverse();
  expect(trail.map((e) => [e.request?.route, e.status, e.resources[0]?.action])).toEqual([
    ['createEndpoint', 201, 'created'],
    ['rotateSecret', 201, 'changed'],
    ['updateEndpoint', 200, 'changed'],
    ['deleteEndpoint', 204, 'changed'],
    ['deleteEndpoint', 204, 'deleted'],
  ]);
  expect(trail.every((e) => e.actor.kind === 'key' && e.actor.keyId === 'key_test')).toBe(true);
  expect(trail.every((e) => e.resources[0]?.type === 'webhook_endpoint')).toBe(true);
  expect(trail[1]!.resources[0]!.fields).toEqual({ secret: { before: '[redacted]', after: '[redacted]' } });
  expect(trail[2]!.resources[0]!.fields.enabled).toEqual({ before: true, after: false });
  expect(Object.keys(trail[3]!.resources[0]!.fields)).toEqual(['deletedAt']);

  // Neither plaintext secret, nor any signing secret, nor the sealed one is in the stored trail.
  const stored = JSON.stringify(await auditEntries(harness).find({ orgId }).toArray());
  for (const secret of [created.body.secret as string, rotated.body.secret as string]) {
    expect(secret).toMatch(/^whsec_/);
    expect(stored).not.toContain(secret);
  }
  expect(stored).not.toContain('whsec_');
  expect(stored).not.toContain('ciphertext');
});

it('records a refused change with its status and code, touching no resource', async () => {
  const orgId = 'org_audit_refused';
  const refused = await harness.request(
    'POST',
    '/webhooks',
    { url: 'http://example.com/hook', events: ['product.created'] },
    { orgId },
  );
  expect(refused.status).toBe(422);
  const page = await eventually(async () => {
    const found = await auditPage(harness, orgId, '?status=422');
    return found.data.length > 0 ? found : undefined;
  }, 30_000);
  expect(page.data[0]).toMatchObject({
    status: 422,
    errorCode: 'webhook_url_not_https',
    resources: [],
    request: { route: 'createEndpoint', method: 'POST' },
  });
});
