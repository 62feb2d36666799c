import { json, startStack, type Stack } from '@stockyard/testkit';

/**
 * Tenant isolation end to end: the gateway signs the caller's organization into the
 * identity, and the owning service (webhooks, a real process) filters on it, so another
 * organization's ids are 404, exactly like ids that do not exist.
 */
describe("another organization's resources through the gateway", () => {
  let stack: Stack;
  let first: { orgId: string; adminKey: string };
  let second: { orgId: string; adminKey: string };
  let endpointId: string;

  const api = (method: string, route: string, key: string, body?: unknown) =>
    fetch(`${stack.gatewayUrl}/api/v1${route}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  beforeAll(async () => {
    stack = await startStack(['webhooks'], { webhooks: { WEBHOOK_URL_ALLOWLIST: '127.0.0.1' } });
    first = stack.bootstrapOrg('First');
    second = stack.bootstrapOrg('Second');
    const res = await api('POST', '/webhooks', first.adminKey, {
      url: 'http://127.0.0.1:9/hook',
      events: ['order.created'],
    });
    expect(res.status).toBe(201);
    endpointId = (await json(res)).id;
  });
  afterAll(() => stack?.destroy());

  it.each([
    ['PATCH', '/webhooks/{id}', { enabled: false }],
    ['GET', '/webhooks/{id}/deliveries', undefined],
    ['POST', '/webhooks/{id}/rotate-secret', undefined],
    ['DELETE', '/webhooks/{id}', undefined],
  ])("answers 404 to %s %s with the second organization's admin key", async (method, path, body) => {
    const res = await api(method, path.replace('{id}', endpointId), second.adminKey, body);
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toMatch(/not_found$/);
  });

  it("never lists the first organization's endpoint to the second, and leaves it untouched", async () => {
    const theirs = await json(await api('GET', '/webhooks', second.adminKey));
    expect(theirs.data).toEqual([]);
    const ours = await json(await api('GET', '/webhooks', first.adminKey));
    expect(ours.data).toEqual([expect.objectContaining({ id: endpointId, enabled: true })]);
  });
});
