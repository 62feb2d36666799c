import type { Connection } from 'mongoose';
import { asCaller, infraEnv, isolatedNames, json, listen, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { connectMongo, createLogger } from '../ops';
import { createServiceApp } from '../internals';

/** Every route of a service app holds its path parameters to the contracts' id rule. */
describe('path parameters', () => {
  let connection: Connection;
  let http: Awaited<ReturnType<typeof listen>>;
  const seen: string[] = [];

  beforeAll(async () => {
    connection = await connectMongo(infraEnv().mongoUrl, isolatedNames('pathids').database);
    const app = createServiceApp({
      logger: createLogger('test', 'silent'),
      identitySecret: TEST_IDENTITY_SECRET,
      connection,
      readiness: {},
      api: (router) => {
        router.patch('/stock/items/:variantId/:warehouseId', (req, res) => {
          seen.push(req.params.variantId);
          res.json(req.params);
        });
      },
      internal: (router) => {
        router.get('/webhooks/:id', (req, res) => {
          seen.push(req.params.id);
          res.json(req.params);
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

  const call = async (path: string, method = 'PATCH') => {
    const res = await fetch(`${http.url}${path}`, { method, headers: asCaller('org_a') });
    return { status: res.status, body: await json(res) };
  };

  it.each([
    ['10,000 characters', 'v'.repeat(10_000)],
    ['a NUL', '%00'],
    ['a path', '..%2F..%2Fx'],
    ['a space', 'var%201'],
  ])('answers 400 validation_failed to an id with %s, before the handler', async (_what, variantId) => {
    const res = await call(`/api/v1/stock/items/${variantId}/wh_1`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toEqual([{ field: 'variantId', code: 'invalid_id', message: expect.any(String) }]);
    expect(seen).not.toContain(decodeURIComponent(variantId));
  });

  it('checks internal routes too', async () => {
    const res = await call('/internal/v1/webhooks/%00', 'GET');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('passes ids that follow the rule: 128 characters, _ - . :', async () => {
    const id = `a${'b'.repeat(127)}`;
    for (const variantId of [id, 'var_1', 'v-1.2:3']) {
      const res = await call(`/api/v1/stock/items/${variantId}/wh_1`);
      expect(res).toEqual({ status: 200, body: { variantId, warehouseId: 'wh_1' } });
    }
  });
});
