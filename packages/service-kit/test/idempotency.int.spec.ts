import type { ErrorBody } from '@stockyard/contracts';
import type { Connection } from 'mongoose';
import { asCaller, eventually, infraEnv, isolatedNames, listen, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { connectMongo, createLogger } from '../ops';
import { createServiceApp, MAX_JSON_DEPTH } from '../internals';

let connection: Connection;
let http: Awaited<ReturnType<typeof listen>>;
const runs = { orders: 0, slow: 0, flaky: 0, empty: 0, upload: 0, unread: 0 };
let releaseSlow: () => void = () => undefined;

beforeAll(async () => {
  connection = await connectMongo(infraEnv().mongoUrl, isolatedNames('servicekit').database);
  const app = createServiceApp({
    logger: createLogger('test', 'silent'),
    identitySecret: TEST_IDENTITY_SECRET,
    connection,
    readiness: {},
    api: (router) => {
      router.post('/tokens', (req, res) => {
        res.locals.secretFields = ['secret'];
        res.status(201).json({ id: `tok_${Date.now()}`, secret: 'shown-once', ...req.body });
      });
      router.post('/orders', (req, res) => {
        runs.orders += 1;
        res.status(201).json({ id: `ord_${runs.orders}`, ...req.body });
      });
      router.post('/slow', async (_req, res) => {
        runs.slow += 1;
        await new Promise<void>((resolve) => (releaseSlow = resolve));
        res.status(201).json({ run: runs.slow });
      });
      router.post('/empty', (_req, res) => {
        runs.empty += 1;
        res.status(204).end();
      });
      router.post('/upload', async (req, res) => {
        runs.upload += 1;
        let bytes = 0;
        for await (const chunk of req.bodyStream()) bytes += (chunk as Buffer).length;
        res.status(202).json({ run: runs.upload, bytes });
      });
      router.post('/unread', (_req, res) => {
        runs.unread += 1;
        res.status(400).json({ run: runs.unread });
      });
      router.post('/flaky', (_req, res) => {
        runs.flaky += 1;
        if (runs.flaky === 1) throw new Error('database hiccup');
        res.status(201).json({ run: runs.flaky });
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

/** An answer of these routes: the handler's fields (an id, a run's number...) or the error envelope. */
type Answer = Record<string, unknown> & ErrorBody;

let keySeq = 0;
const newKey = () => `key-${Date.now()}-${++keySeq}`;

async function post(path: string, key: string, body: unknown, orgId = 'org_a') {
  const res = await fetch(`${http.url}/api/v1${path}`, {
    method: 'POST',
    headers: { ...asCaller(orgId), 'idempotency-key': key },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer };
}

describe('Idempotency-Key', () => {
  it('replays the first response for the same key and body, running the handler once', async () => {
    const key = newKey();
    const before = runs.orders;
    const first = await post('/orders', key, { sku: 'A', qty: 2 });
    const retry = await post('/orders', key, { sku: 'A', qty: 2 });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(runs.orders).toBe(before + 1);
  });

  it('treats the same JSON with keys in another order as the same request', async () => {
    const key = newKey();
    const before = runs.orders;
    const first = await post('/orders', key, { sku: 'B', qty: 1, meta: { a: 1, b: 2 } });
    const retry = await post('/orders', key, { meta: { b: 2, a: 1 }, qty: 1, sku: 'B' });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(runs.orders).toBe(before + 1);
  });

  it('replays a response without a JSON body (204) instead of leaving the key in progress', async () => {
    const key = newKey();
    const send = () =>
      fetch(`${http.url}/api/v1/empty`, {
        method: 'POST',
        headers: { ...asCaller('org_a'), 'idempotency-key': key },
        body: '{}',
      });
    expect((await send()).status).toBe(204);
    const retry = await eventually(async () => {
      const res = await send();
      return res.status === 204 ? res : undefined;
    });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(runs.empty).toBe(1);
  });

  it('answers 422 idempotency_key_reused for the same key with a different body', async () => {
    const key = newKey();
    await post('/orders', key, { sku: 'A', qty: 2 });
    const before = runs.orders;
    const res = await post('/orders', key, { sku: 'A', qty: 3 });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('idempotency_key_reused');
    expect(runs.orders).toBe(before);
  });

  it('answers 409 idempotency_in_progress with Retry-After while the first request runs', async () => {
    const key = newKey();
    const before = runs.slow;
    const first = post('/slow', key, { n: 1 });
    await eventually(() => (runs.slow === before + 1 ? true : undefined), 5000, 20);
    const duplicate = await post('/slow', key, { n: 1 });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('idempotency_in_progress');
    expect(duplicate.headers.get('retry-after')).toBe('1');
    releaseSlow();
    expect((await first).status).toBe(201);
    expect(runs.slow).toBe(before + 1);
  });

  it('keeps keys per organization: another org with the same key runs the handler', async () => {
    const key = newKey();
    const before = runs.orders;
    const a = await post('/orders', key, { sku: 'A' }, 'org_a');
    const b = await post('/orders', key, { sku: 'A' }, 'org_b');
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.id).not.toBe(a.body.id);
    expect(runs.orders).toBe(before + 2);
  });

  it('does not store a 5xx: a retry with the same key runs the handler again', async () => {
    const key = newKey();
    const failed = await post('/flaky', key, { n: 1 });
    expect(failed.status).toBe(500);
    const retry = await post('/flaky', key, { n: 1 });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(runs.flaky).toBe(2);
  });

  it('compares a body that is not JSON by its bytes, read through req.bodyStream()', async () => {
    const key = newKey();
    const send = (path: string, body: string) =>
      fetch(`${http.url}/api/v1${path}`, {
        method: 'POST',
        headers: { ...asCaller('org_a'), 'content-type': 'text/csv', 'idempotency-key': key },
        body,
      }).then(async (res) => ({ status: res.status, headers: res.headers, body: (await res.json()) as Answer }));
    const csv = 'sku,cost\n' + 'A,1\n'.repeat(50_000);
    const first = await send('/upload', csv);
    expect(first.body).toEqual({ run: runs.upload, bytes: csv.length });
    const retry = await send('/upload', csv);
    expect(retry.status).toBe(202);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    const other = await send('/upload', csv.replace('A,1', 'B,1'));
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    expect(runs.upload).toBe(first.body.run);

    // A route that never read the body has nothing to compare a retry with: nothing is kept.
    await send('/unread', 'x');
    expect((await send('/unread', 'x')).headers.get('idempotent-replayed')).toBeNull();
    expect(runs.unread).toBe(2);
  });

  it('answers 400 invalid_idempotency_key for a key that is not 1-255 printable characters', async () => {
    const before = runs.orders;
    const res = await post('/orders', 'k'.repeat(256), { sku: 'A' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_idempotency_key');
    expect(runs.orders).toBe(before);
  });

  it('answers 400 validation_failed for a body nested past the limit, key or no key (issue #30)', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const before = runs.orders;
    for (const res of [await post('/orders', newKey(), deep), await post('/orders', newKey(), `{"a":${deep}}`)]) {
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.message).toBe(`JSON nesting is at most ${MAX_JSON_DEPTH} levels`);
    }
    const plain = await fetch(`${http.url}/api/v1/orders`, {
      method: 'POST',
      headers: asCaller('org_a'),
      body: deep,
    });
    expect(plain.status).toBe(400);
    expect(runs.orders).toBe(before);
  });

  it('answers 400 validation_failed for a NUL in a body string or key, or in a query (issue #30)', async () => {
    const before = runs.orders;
    for (const body of [{ name: 'a\u0000b' }, { nested: [{ ['k\u0000']: 1 }] }]) {
      const res = await post('/orders', newKey(), body);
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ code: 'nul_character' })]);
    }
    const res = await fetch(`${http.url}/api/v1/orders?search=%00`, {
      method: 'POST',
      headers: asCaller('org_a'),
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.details?.[0]?.code).toBe('nul_character');
    expect(runs.orders).toBe(before);
  });

  it('takes a body at the depth limit', async () => {
    let body: unknown = 'leaf';
    for (let i = 0; i < MAX_JSON_DEPTH; i++) body = { a: body };
    const res = await post('/orders', newKey(), body);
    expect(res.body).toMatchObject({ a: { a: {} } });
    expect(res.status).toBe(201);
  });

  it("never stores a response's secret fields: a replay answers without them", async () => {
    const key = newKey();
    const first = await post('/tokens', key, { name: 't' });
    expect(first.body).toMatchObject({ secret: 'shown-once', name: 't' });
    const again = await post('/tokens', key, { name: 't' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const { secret: _shownOnce, ...record } = first.body;
    expect(again.body).toEqual(record);
    const stored = await connection
      .collection('idempotency_keys')
      .findOne({ _id: `org_a:/api/v1/tokens:${key}` as never });
    expect(JSON.stringify(stored)).not.toContain('shown-once');
  });
});
