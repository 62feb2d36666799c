import { parse } from 'csv-parse/sync';
import { eventually, gatewayCaller, type Stack, startReceiver, startStack } from '@stockyard/testkit';

/**
 * Issue #41's exports as a partner meets them: through the gateway, against the real catalog (the
 * rows' owner), the webhooks service (the job, its worker, the S3 file) and the local S3 server. A
 * CSV of the products is downloaded from its presigned URL and read back; an NDJSON export picks
 * fields and filters; `export.completed` reaches a subscribed endpoint; a key that may export but
 * not read products is refused.
 */
describe('exports through the gateway', () => {
  let stack: Stack;
  let adminKey: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  const call = async (key: string, method: string, route: string, body?: unknown) => {
    const res = await gatewayCaller(stack.gatewayUrl, key)(method, route, body);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const ok = async (method: string, route: string, body?: unknown) => {
    const res = await call(adminKey, method, route, body);
    if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  /** The job once it finished, and its file as downloaded from its URL. */
  const finished = async (exportId: string) => {
    const job = await eventually(async () => {
      const res = await ok('GET', `/exports/${exportId}`);
      return ['completed', 'failed', 'cancelled'].includes(res.status) ? res : undefined;
    });
    expect(job).toMatchObject({ status: 'completed', failureCode: null });
    const file = await fetch(job.downloadUrl);
    expect(file.status).toBe(200);
    return { job, text: await file.text() };
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    stack = await startStack(['catalog', 'webhooks'], { webhooks: { WEBHOOK_URL_ALLOWLIST: '127.0.0.1' } });
    ({ adminKey } = stack.bootstrapOrg('Exports Org'));
  }, 120_000);
  afterAll(async () => {
    await stack?.destroy();
    await receiver?.close();
  });

  it('writes the products to CSV and NDJSON files a partner downloads, and tells its endpoint', async () => {
    await ok('POST', '/webhooks', { url: receiver.url, events: ['export.completed'] });
    const lamp = await ok('POST', '/products', { name: 'Lamp, brass', price: 45.5, cost: 20 });
    const formula = await ok('POST', '/products', { name: '=HYPERLINK("x")', price: 0.05, cost: 0 });
    const shade = await ok('POST', '/products', { name: 'Shade\nlinen', price: 12, cost: 5 });
    await ok('POST', `/products/${shade.id}/archive`);
    const listed = (await ok('GET', '/products?sortBy=createdAt&sortOrder=asc')).data as { id: string }[];

    const csv = await ok('POST', '/exports', { resource: 'products', format: 'csv' });
    expect(csv).toMatchObject({ resource: 'products', format: 'csv', status: 'queued', downloadUrl: null });
    const { job, text } = await finished(csv.id);
    const rows: Record<string, string>[] = parse(text, { columns: true });
    expect(rows.map((r) => r.id)).toEqual(listed.map((p) => p.id));
    expect(job).toMatchObject({ rowsWritten: rows.length, bytesWritten: Buffer.byteLength(text) });
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(lamp.id)).toMatchObject({ name: 'Lamp, brass', price: '45.5' });
    expect(byId.get(formula.id)).toMatchObject({ name: `'=HYPERLINK("x")`, price: '0.05' });
    expect(byId.has(shade.id)).toBe(false); // archived: the list leaves it out unless asked

    const nd = await ok('POST', '/exports', {
      resource: 'products',
      format: 'ndjson',
      filters: { archived: true },
      fields: ['name', 'id'],
    });
    const lines = (await finished(nd.id)).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as object);
    expect(lines).toEqual([{ name: 'Shade\nlinen', id: shade.id }]);
    expect(Object.keys(lines[0]!)).toEqual(['name', 'id']);

    const told = await eventually(() =>
      receiver.received.find((r) => (r.body as { data?: { exportId?: string } }).data?.exportId === csv.id),
    );
    expect((told.body as { data: object }).data).toMatchObject({ exportId: csv.id, resource: 'products', rows: 2 });
  });

  it("refuses a key that may export but not read the resource, and another organization's job", async () => {
    const { key } = await ok('POST', '/api-keys', { name: 'exporter', scopes: ['export.run', 'orders.read'] });
    const refused = await call(key, 'POST', '/exports', { resource: 'products', format: 'csv' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('missing_permission');
    const mine = await call(key, 'POST', '/exports', { resource: 'audit_events', format: 'ndjson' });
    expect(mine.status).toBe(403);

    const job = await ok('POST', '/exports', { resource: 'audit_events', format: 'ndjson' });
    const other = stack.bootstrapOrg('Another Org');
    expect((await call(other.adminKey, 'GET', `/exports/${job.id}`)).status).toBe(404);
    expect((await call(other.adminKey, 'POST', `/exports/${job.id}/cancel`)).status).toBe(404);
  });
});
