import { eventually, startStack, type Stack } from '@stockyard/testkit';
import { csv } from './support/channels';

/**
 * A supplier feed as a partner sends it: through the gateway, whose BODY_LIMIT_BYTES (1 MiB by
 * default) is not the upload route's limit (the route table's `maxBodyBytes`, 64 MiB). Sent to the
 * gateway process itself: its early 413 and how it closes are what is tested, not a proxy's in front.
 */
describe('a supplier feed uploaded through the gateway', () => {
  let stack: Stack;
  let key: string;
  beforeAll(async () => {
    stack = await startStack(['catalog']);
    key = stack.bootstrapOrg('Feed org').adminKey;
  });
  afterAll(() => stack?.destroy());

  const api = async (method: string, path: string, body?: string, type = 'application/json') => {
    const res = await fetch(`${stack.services.gateway!.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': type }) },
      body,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  it('imports a CSV over 1 MiB (202, then COMPLETED); another route still answers 413 to such a body', async () => {
    const source = await api('POST', '/sources', JSON.stringify({ name: 'Big feed' }));
    expect(source.status).toBe(201);
    const padding = 'x'.repeat(80);
    const rows = Array.from({ length: 12_000 }, (_, i) => [`BIG-${i}`, `Item ${i} ${padding}`, '1.50', '3', '']);
    const feed = csv(rows);
    expect(feed.length).toBeGreaterThan(1024 * 1024);

    const res = await api('POST', `/sources/${source.body.id}/imports`, feed, 'text/csv');
    expect(res.status).toBe(202);
    const job = await eventually(
      async () => {
        const { body } = await api('GET', `/sources/imports/${res.body.id}`);
        return body?.status === 'COMPLETED' || body?.status === 'FAILED' ? body : undefined;
      },
      120_000,
      500,
    );
    expect(job).toMatchObject({ status: 'COMPLETED', rowsRead: 12_000, counts: { created: 12_000, rejected: 0 } });

    const skus = rows.map(([sku, name]) => ({ sku, name }));
    const refused = await api('POST', `/sources/${source.body.id}/skus`, JSON.stringify({ skus }));
    expect(refused.status).toBe(413);
    expect(refused.body.error).toMatchObject({ code: 'payload_too_large', message: expect.any(String) });
  });

  it('answers a headerless CSV over 1 MiB with 422 csv_header_missing, not a reset', async () => {
    const source = await api('POST', '/sources', JSON.stringify({ name: 'No header' }));
    const padding = 'x'.repeat(80);
    const feed = csv(
      Array.from({ length: 12_000 }, (_, i) => [`NH-${i}`, `Item ${i} ${padding}`, '1.50', '3', '']),
      'NH-x,first row,1.50,3,',
    );
    expect(feed.length).toBeGreaterThan(1024 * 1024);
    const res = await api('POST', `/sources/${source.body.id}/imports`, feed, 'text/csv');
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'csv_header_missing', message: expect.any(String) });
    expect((await api('GET', `/sources/${source.body.id}/imports`)).body.data).toEqual([]);
  });
});
