import type { Connection } from 'mongoose';
import { WEBHOOKS_API } from '@stockyard/contracts';
import { asCaller, infraEnv, isolatedNames, listen, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { bindRoute } from '../src';
import { connectMongo, createLogger } from '../ops';
import { createServiceApp } from '../internals';

let connection: Connection;
let http: Awaited<ReturnType<typeof listen>>;
let drift = false;

const endpoint = (id: string) => ({
  id,
  url: 'https://example.invalid/hook',
  events: ['product.created'],
  enabled: true,
  consecutiveFailures: 0,
  disabledAt: null,
  createdAt: new Date(0).toISOString(),
  updatedAt: new Date(0).toISOString(),
});

beforeAll(async () => {
  connection = await connectMongo(infraEnv().mongoUrl, isolatedNames('bindroute').database);
  const app = createServiceApp({
    logger: createLogger('test', 'silent'),
    identitySecret: TEST_IDENTITY_SECRET,
    connection,
    readiness: {},
    service: 'webhooks',
    api: (router) => {
      bindRoute(router, WEBHOOKS_API.listEndpoints, ({ query }) => ({ data: [], total: 0, ...query }));
      bindRoute(router, WEBHOOKS_API.createEndpoint, ({ orgId, body }) =>
        drift ? ({ orgId } as never) : { ...endpoint('we_1'), url: body.url, secret: `whsec_${orgId}` },
      );
      bindRoute(router, WEBHOOKS_API.deleteEndpoint, () => undefined);
      bindRoute(router, WEBHOOKS_API.updateEndpoint, ({ params }) => endpoint(params.id));
    },
  });
  http = await listen(app);
});
afterAll(async () => {
  await http?.close();
  await connection?.dropDatabase();
  await connection?.close();
});

const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${http.url}/api/v1${path}`, {
    method,
    headers: asCaller('org_bind'),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};

describe('bindRoute: a handler bound to a row of the route table', () => {
  it("parses the query by the row's schema and answers with the row's status", async () => {
    expect(await call('GET', '/webhooks?take=5&skip=10')).toEqual({
      status: 200,
      body: { data: [], total: 0, limit: 5, offset: 10 },
    });
    const refused = await call('GET', '/webhooks?limit=500');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'validation_failed', details: [{ field: 'limit' }] });
  });

  it("parses the body by the row's schema: 400 naming each failing field, 201 with the answer", async () => {
    const refused = await call('POST', '/webhooks', { url: 42, extra: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['body', 'events', 'url']);
    const created = await call('POST', '/webhooks', { url: 'https://example.invalid/x', events: ['product.created'] });
    expect(created).toMatchObject({ status: 201, body: { id: 'we_1', secret: 'whsec_org_bind' } });
  });

  it('answers 204 with no body for a row whose status is 204', async () => {
    expect(await call('DELETE', '/webhooks/we_1')).toEqual({ status: 204, body: undefined });
  });

  it('holds path parameters to the id rule', async () => {
    const refused = await call('PATCH', '/webhooks/..%2F..', { enabled: false });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([expect.objectContaining({ field: 'id', code: 'invalid_id' })]);
  });

  it("answers 501 not_implemented for the service's rows without a handler, literal or parameterized", async () => {
    for (const [method, path] of [
      ['GET', '/webhooks/events'],
      ['POST', '/webhooks/we_1/rotate-secret'],
      ['GET', '/webhooks/we_1/deliveries'],
    ] as const) {
      const res = await call(method, path);
      expect({ path, status: res.status, code: res.body.error.code }).toEqual({
        path,
        status: 501,
        code: 'not_implemented',
      });
    }
  });

  it('fails an answer outside its response schema where responses are checked (the test suite)', async () => {
    drift = true;
    try {
      const res = await call('POST', '/webhooks', { url: 'https://example.invalid/x', events: ['product.created'] });
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe('internal_error');
    } finally {
      drift = false;
    }
  });
});
