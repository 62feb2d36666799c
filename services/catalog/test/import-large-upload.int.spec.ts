import { CHUNK_BYTES } from '../src/store/import-chunk.repository';
import { csv, startChannels, type Channels } from './support/channels';

const ORG = 'org_import_large';

/** Rows `<prefix>-<i>,<long name>,2.00,1,`, at least `bytes` long in all (about 240 bytes a row). */
function rows(bytes: number, prefix: string): string[][] {
  const name = 'Long supplier item name '.repeat(9);
  const out: string[][] = [];
  for (let size = 0; size < bytes;) {
    const row = [`${prefix}-${out.length}`, `${name}${out.length}`, '2.00', '1', ''];
    size += row.join(',').length + 1;
    out.push(row);
  }
  return out;
}

/**
 * Uploads past the first stored chunk (CHUNK_BYTES): the header is checked on that chunk while
 * the rest of the request is still arriving, and rows are applied from several chunks.
 */
describe('POST /sources/{id}/imports with a large CSV', () => {
  let h: Channels;
  let sourceId: string;
  beforeAll(async () => {
    h = await startChannels(ORG);
    sourceId = (await h.source()).id;
  });
  afterAll(() => h.close());

  it('answers a headerless upload of 1 MB with 422 csv_header_missing (not a reset) and keeps no job', async () => {
    const body = csv(rows(1024 * 1024, 'NOHEAD'), 'NOHEAD-x,first row,2.00,1,');
    expect(body.length).toBeGreaterThan(4 * CHUNK_BYTES);
    const res = await h.postCsv(`/sources/${sourceId}/imports`, body);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: { code: 'csv_header_missing', message: expect.any(String), requestId: expect.any(String) },
    });
    const jobs = await h.request('GET', `/sources/${sourceId}/imports`);
    expect(jobs.body.data).toEqual([]);
    // The connection is usable afterwards: the next upload on this server goes through.
    const next = await h.postCsv(`/sources/${sourceId}/imports`, csv([['AFTER-1', 'After', '1', '1', '']]));
    expect(next.status).toBe(202);
    expect(await h.finished(next.body.id)).toMatchObject({ status: 'COMPLETED', counts: { created: 1 } });
  });

  it('answers a headerless upload sent with an Idempotency-Key the same way, and replays it', async () => {
    const body = csv(rows(600 * 1024, 'IDEM'), 'IDEM-x,first row,2.00,1,');
    const key = { 'idempotency-key': `large-${Date.now()}` };
    const first = await h.postCsv(`/sources/${sourceId}/imports`, body, ORG, key);
    expect(first.status).toBe(422);
    expect(first.body.error.code).toBe('csv_header_missing');
    // The body was read to its end, so its hash is known and the 422 is kept for the key.
    const again = await h.postCsv(`/sources/${sourceId}/imports`, body, ORG, key);
    expect(again.status).toBe(422);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.error.code).toBe('csv_header_missing');
  });

  it('reports a bad cost deep in a 1 MB file with its line number and imports every other row', async () => {
    const data = rows(1024 * 1024, 'DEEP');
    const bad = data.length - 50; // in the last stored chunk
    data[bad]![2] = '12.50 EUR';
    const res = await h.postCsv(`/sources/${sourceId}/imports`, csv(data));
    expect(res.status).toBe(202);
    const job = await h.finished(res.body.id, 120_000);
    expect(job).toMatchObject({
      status: 'COMPLETED',
      rowsRead: data.length,
      counts: { created: data.length - 1, updated: 0, unchanged: 0, rejected: 1 },
      // line 1 is the header
      errors: [
        { line: bad + 2, sku: `DEEP-${bad}`, code: 'invalid_cost', message: expect.stringContaining('12.50 EUR') },
      ],
    });
    const after = await h.request('GET', `/sources/${sourceId}/skus?sku=DEEP-${bad + 1}`);
    expect(after.body.data[0]).toMatchObject({ sku: `DEEP-${bad + 1}`, cost: 2 });
    expect((await h.request('GET', `/sources/${sourceId}/skus?sku=DEEP-${bad}`)).body.data).toEqual([]);
  }, 150_000);
});

describe('POST /sources/{id}/imports past IMPORT_MAX_BYTES', () => {
  let h: Channels;
  let sourceId: string;
  beforeAll(async () => {
    h = await startChannels(ORG, { env: { IMPORT_MAX_BYTES: String(300 * 1024) } });
    sourceId = (await h.source()).id;
  });
  afterAll(() => h.close());

  it('answers 422 import_too_large and closes the connection, without reading the rest', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await h.postCsv(`/sources/${sourceId}/imports`, csv(rows(4 * 1024 * 1024, `BIG${i}`)));
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('import_too_large');
      expect(res.headers.get('connection')).toBe('close');
    }
    expect((await h.request('GET', `/sources/${sourceId}/imports`)).body.data).toEqual([]);
  });
});
