import type { Connection } from 'mongoose';
import { z } from 'zod';
import { IDENTITY_HEADER, signIdentity } from '@stockyard/contracts';
import { asCaller, infraEnv, isolatedNames, listen, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { bodyOf, orgIdOf } from '../http';
import { connectMongo, createLogger, pingMongo, processState } from '../ops';
import { createServiceApp } from '../internals';

const WidgetSchema = z.object({ name: z.string().min(1), quantity: z.number().int().positive() }).strict();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let connection: Connection;
let http: Awaited<ReturnType<typeof listen>>;
let brokerDown = false;

beforeAll(async () => {
  connection = await connectMongo(infraEnv().mongoUrl, isolatedNames('servicekit').database);
  const app = createServiceApp({
    logger: createLogger('test', 'silent'),
    identitySecret: TEST_IDENTITY_SECRET,
    connection,
    readiness: {
      database: () => pingMongo(connection),
      broker: async () => {
        if (brokerDown) throw new Error('broker not connected');
      },
    },
    api: (router) => {
      router.post('/widgets', (req, res) => {
        res.status(201).json({ ...bodyOf(req, WidgetSchema), orgId: orgIdOf(req) });
      });
      router.get('/boom', () => {
        throw new Error('secret detail from db.ts:42');
      });
    },
    internal: (router) => {
      router.get('/whoami', (req, res) => {
        res.json({ orgId: orgIdOf(req) });
      });
    },
  });
  http = await listen(app);
});

afterAll(async () => {
  await http?.close();
  await connection?.dropDatabase();
  await connection?.close();
});

const identity = { orgId: 'org_a', keyId: 'key_a', permissions: [] };

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${http.url}${path}`, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
}

const post = (path: string, body: string, headers: Record<string, string> = asCaller('org_a')) =>
  call(path, { method: 'POST', headers, body });

describe('identity', () => {
  it('answers 401 unauthenticated without an identity header', async () => {
    const res = await post('/api/v1/widgets', JSON.stringify({ name: 'w', quantity: 1 }), {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('answers 401 unauthenticated for an identity signed with another secret', async () => {
    const forged = signIdentity(identity, 'not-the-shared-secret-0123456789abcdef');
    const res = await call('/api/v1/boom', { headers: { [IDENTITY_HEADER]: forged } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('answers 401 unauthenticated for an expired identity', async () => {
    const stale = signIdentity(identity, TEST_IDENTITY_SECRET, Math.floor(Date.now() / 1000) - 3600);
    const res = await call('/api/v1/boom', { headers: { [IDENTITY_HEADER]: stale } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('takes a header it verified before only while it is fresh: once a minute old, it is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    const header = signIdentity({ ...identity, orgId: 'org_aging' }, TEST_IDENTITY_SECRET, now - 58);
    const whoami = () => call('/internal/v1/whoami', { headers: { [IDENTITY_HEADER]: header } });
    expect((await whoami()).body).toEqual({ orgId: 'org_aging' });
    expect((await whoami()).status).toBe(200); // the same header: remembered, not verified again
    const later = jest.spyOn(Date, 'now').mockReturnValue((now + 5) * 1000);
    try {
      const res = await whoami();
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    } finally {
      later.mockRestore();
    }
  });

  it('guards /internal/v1 too, and passes the caller org to routes', async () => {
    expect((await call('/internal/v1/whoami')).status).toBe(401);
    const res = await call('/internal/v1/whoami', { headers: asCaller('org_b') });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ orgId: 'org_b' });
  });
});

describe('request bodies', () => {
  it('creates with a valid body (201)', async () => {
    const res = await post('/api/v1/widgets', JSON.stringify({ name: 'bolt', quantity: 3 }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ name: 'bolt', quantity: 3, orgId: 'org_a' });
  });

  it('answers 400 invalid_json for malformed JSON', async () => {
    const res = await post('/api/v1/widgets', '{"name": ');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_json');
  });

  it('answers 400 validation_failed with a detail for each failing field', async () => {
    const res = await post('/api/v1/widgets', JSON.stringify({ name: '', quantity: 'three' }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    const fields = res.body.error.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['name', 'quantity']);
    for (const detail of res.body.error.details)
      expect(detail).toEqual({ field: expect.any(String), code: expect.any(String), message: expect.any(String) });
  });

  it('answers 400 validation_failed naming the body when there is none', async () => {
    const res = await call('/api/v1/widgets', {
      method: 'POST',
      headers: { [IDENTITY_HEADER]: asCaller('org_a')[IDENTITY_HEADER] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details[0].field).toBe('body');
  });

  it('answers 413 payload_too_large above the 1mb default limit', async () => {
    const res = await post('/api/v1/widgets', JSON.stringify({ name: 'x'.repeat(1_100_000), quantity: 1 }));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });
});

describe('errors', () => {
  it('answers 404 route_not_found for an unknown API path', async () => {
    const res = await call('/api/v1/nothing-here', { headers: asCaller('org_a') });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('route_not_found');
  });

  it('answers 404 route_not_found outside the API', async () => {
    const res = await call('/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('route_not_found');
  });

  it('answers 500 internal_error with an error id and no stack or message of the thrown error', async () => {
    const res = await call('/api/v1/boom', { headers: asCaller('org_a') });
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('internal_error');
    expect(res.body.error.message).toMatch(/^Internal error \(id [0-9a-f-]{36}\)$/);
    expect(res.text).not.toContain('secret detail');
    expect(res.text).not.toMatch(/\bat \S+ \(|\.ts:\d+/);
  });
});

describe('X-Request-Id', () => {
  it('echoes a well-formed incoming X-Request-Id in the header and the error body', async () => {
    const res = await call('/nothing-here', { headers: { 'x-request-id': 'gw-req.42:abc' } });
    expect(res.headers.get('x-request-id')).toBe('gw-req.42:abc');
    expect(res.body.error.requestId).toBe('gw-req.42:abc');
  });

  it('generates a UUID when none is given', async () => {
    const res = await call('/healthz');
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });

  it('replaces a malformed incoming X-Request-Id with a UUID', async () => {
    const res = await call('/healthz', { headers: { 'x-request-id': 'has spaces <script>' } });
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });
});

describe('health', () => {
  afterEach(() => {
    brokerDown = false;
  });

  it('answers /livez and /healthz 200 without an identity', async () => {
    for (const path of ['/livez', '/healthz']) {
      const res = await call(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
    }
  });

  it('answers /readyz 503 draining from SIGTERM on, while /livez stays 200', async () => {
    processState.draining = true;
    try {
      const ready = await call('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'draining', checks: { database: 'ok', broker: 'ok' } });
      expect((await call('/livez')).status).toBe(200);
    } finally {
      processState.draining = false;
    }
  });

  it('answers /readyz 200 when every check passes', async () => {
    const res = await call('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: { database: 'ok', broker: 'ok' } });
  });

  it('answers /readyz 503 naming the failing check', async () => {
    brokerDown = true;
    const res = await call('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      status: 'not_ready',
      checks: { database: 'ok', broker: 'failing: broker not connected' },
    });
  });
});
