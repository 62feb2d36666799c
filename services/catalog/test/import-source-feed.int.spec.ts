import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '@stockyard/testkit';
import { csv, startChannels, type Channels } from './support/channels';

const ORG = 'org_import_feed';

/** A fake supplier feed on 127.0.0.1 (allow-listed in the test's env). */
async function feedServer(body: string, status = 200) {
  const server: Server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'text/csv' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.csv`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('POST /sources/{id}/imports', () => {
  let h: Channels;
  let sourceId: string;
  beforeAll(async () => {
    h = await startChannels(ORG);
    sourceId = (await h.source()).id;
  });
  afterAll(() => h.close());

  it('imports a CSV: 202 with the job, then counts, rejected lines, import.completed once', async () => {
    const product = await h.product({ name: 'Bolt', sku: 'BOLT-1', cost: 1 });
    const variantId = product.variants[0].id;
    await h.skus(sourceId, [
      { sku: 'B-1', name: 'Bolt', cost: 1, variantId },
      { sku: 'B-2', name: 'Nut', cost: 0.5 },
    ]);
    const res = await h.postCsv(
      `/sources/${sourceId}/imports`,
      csv([
        ['B-1', 'Bolt', '1.25', '40', ''],
        ['B-2', 'Nut', '0.5', '', ''],
        ['B-3', 'Washer', '0.1', '100', '0123'],
        ['B-4', 'Spring', '$2.00', '1', ''],
      ]),
    );
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ id: expect.stringMatching(/^imp_/), status: 'QUEUED', sourceChannelId: sourceId });
    const job = await h.finished(res.body.id);
    expect(job).toMatchObject({
      status: 'COMPLETED',
      counts: { created: 1, updated: 1, unchanged: 1, rejected: 1 },
      rowsRead: 4,
      variantCostsChanged: 1,
      errors: [{ line: 5, sku: 'B-4', code: 'invalid_cost', message: expect.any(String) }],
    });
    const done = await eventually(() => h.named('import.completed').find((e) => e.payload.jobId === job.id));
    expect(done.payload).toEqual({ orgId: ORG, channelIds: [sourceId], jobId: job.id });
    const cost = await eventually(() => h.named('variant.cost_changed').find((e) => e.payload.variantId === variantId));
    expect(cost.payload).toMatchObject({ oldCost: 1, newCost: 1.25 });
    expect((await h.request('GET', `/variants/${variantId}`)).body.cost).toBe(1.25);
    expect(h.named('product.updated').filter((e) => e.payload.productId === product.id)).toEqual([]);
    const skus = await h.request('GET', `/sources/${sourceId}/skus?sku=B-3`);
    expect(skus.body.data[0]).toMatchObject({
      sku: 'B-3',
      name: 'Washer',
      cost: 0.1,
      availableQuantity: 100,
      upc: '0123',
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(h.named('import.completed').filter((e) => e.payload.jobId === job.id)).toHaveLength(1);
  });

  it('refuses a CSV without its header row (422 csv_header_missing) and keeps no job', async () => {
    const res = await h.postCsv(`/sources/${sourceId}/imports`, 'X-1,Thing,2.00,1,\n');
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('csv_header_missing');
    expect(
      (await h.request('GET', `/sources/${sourceId}/imports`)).body.data.every(
        (j: { status: string }) => j.status !== 'RECEIVING',
      ),
    ).toBe(true);
  });

  it('refuses a body that is neither CSV nor JSON (415 unsupported_content_type)', async () => {
    const res = await h.postCsv(`/sources/${sourceId}/imports`, 'sku\nX-1\n', ORG, { 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('unsupported_content_type');
  });

  it('takes an Idempotency-Key on a CSV upload: the same CSV replays the job, another CSV is a 422', async () => {
    const key = { 'idempotency-key': `csv-${Date.now()}` };
    const feed = csv([['I-1', 'Idem', '1', '1', '']]);
    const first = await h.postCsv(`/sources/${sourceId}/imports`, feed, ORG, key);
    expect(first.status).toBe(202);
    const again = await h.postCsv(`/sources/${sourceId}/imports`, feed, ORG, key);
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const other = await h.postCsv(`/sources/${sourceId}/imports`, csv([['I-2', 'Other', '1', '1', '']]), ORG, key);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    const asJson = await h.request(
      'POST',
      `/sources/${sourceId}/imports`,
      { url: 'https://feeds.invalid/f.csv' },
      {
        headers: key,
      },
    );
    expect(asJson.status).toBe(422);
    expect(asJson.body.error.code).toBe('idempotency_key_reused');
    expect(await h.finished(first.body.id)).toMatchObject({ status: 'COMPLETED', counts: { created: 1 } });
    expect((await h.request('GET', `/sources/${sourceId}/skus?sku=I-2`)).body.data).toEqual([]);
  });

  it('imports a feed fetched from {url}', async () => {
    const feed = await feedServer(csv([['U-1', 'From URL', '3', '1', '']]));
    try {
      const res = await h.request('POST', `/sources/${sourceId}/imports`, { url: feed.url });
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ origin: 'url', url: feed.url });
      const job = await h.finished(res.body.id);
      expect(job).toMatchObject({ status: 'COMPLETED', counts: { created: 1, updated: 0, unchanged: 0, rejected: 0 } });
    } finally {
      await feed.close();
    }
  });

  it('fails a URL feed that answers an error, visibly (FAILED feed_fetch_failed)', async () => {
    const feed = await feedServer('gone', 404);
    try {
      const res = await h.request('POST', `/sources/${sourceId}/imports`, { url: feed.url });
      const job = await h.finished(res.body.id);
      expect(job).toMatchObject({ status: 'FAILED', failure: { code: 'feed_fetch_failed' } });
    } finally {
      await feed.close();
    }
  });

  it.each([
    ['http://feeds.invalid/f.csv', 'feed_url_not_https'],
    ['https://127.0.0.2/f.csv', 'feed_url_private_address'],
    ['https://feeds.invalid/f.csv', 'feed_url_unresolvable'],
  ])('refuses the feed URL %s (422 %s)', async (url, code) => {
    const res = await h.request('POST', `/sources/${sourceId}/imports`, { url });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe(code);
  });

  it("answers 404 for another organization's source and job, and an unknown job", async () => {
    const job = (await h.postCsv(`/sources/${sourceId}/imports`, csv([['Z-1', 'z', '1', '1', '']]))).body;
    expect((await h.request('GET', `/sources/imports/${job.id}`, undefined, { orgId: 'org_other' })).status).toBe(404);
    expect((await h.postCsv(`/sources/${sourceId}/imports`, csv([]), 'org_other')).status).toBe(404);
    const unknown = await h.request('GET', '/sources/imports/imp_unknown');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('resource_not_found');
  });
});
