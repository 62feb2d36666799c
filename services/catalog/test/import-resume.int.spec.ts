import { request } from 'node:http';
import { Readable } from 'node:stream';
import type { ErrorBody } from '@stockyard/contracts';
import { asCaller, eventually } from '@stockyard/testkit';
import { fail, newImportJob } from '../src/domain/import-job';
import { ImportChunks } from '../src/store/import-chunk.repository';
import { CHANNEL_SIDE_PERMISSIONS, csv, startChannels, type Channels } from './support/channels';

const ORG = 'org_import_resume';
const past = () => new Date(Date.now() - 60_000);

/**
 * What a worker that died mid-import leaves behind: the staged file, and a job RUNNING under
 * its lease (run out now), checkpointed after `rowsRead` rows. The runner's sweep must resume it.
 */
async function crashedJob(h: Channels, sourceId: string, body: string, over: Record<string, unknown>) {
  const deps = h.deps;
  const job = newImportJob(
    {
      id: `imp_crashed${Math.random().toString(36).slice(2, 10)}`,
      orgId: ORG,
      sourceChannelId: sourceId,
      origin: 'upload',
      url: null,
    },
    'dead-worker',
    new Date(),
    1000,
  );
  const staged = await new ImportChunks(h.connection).stage(
    ORG,
    job.id,
    Readable.from([body]),
    1e9,
    () => new Error('big'),
  );
  await deps.sourcesAndImports.imports.jobs.create({
    ...job,
    status: 'RUNNING',
    chunks: staged.chunks,
    bytes: staged.bytes,
    leaseOwner: 'dead-worker',
    leaseUntil: past(),
    startedAt: past(),
    ...over,
  });
  return job.id;
}

/** An upload's answer: the job (202) or the error envelope. */
type UploadAnswer = { status: number; body: { id?: string } & Partial<ErrorBody> };

/** POSTs a CSV a line every `everyMs` (chunked), as a slow client would; answers the status and body. */
function slowUpload(url: string, lines: string[], everyMs: number): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { ...asCaller(ORG, CHANNEL_SIDE_PERMISSIONS), 'content-type': 'text/csv' } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) as UploadAnswer['body'] }));
      },
    );
    req.on('error', reject);
    let i = 0;
    const timer = setInterval(() => {
      if (i < lines.length) return void req.write(`${lines[i++]}\n`);
      clearInterval(timer);
      req.end();
    }, everyMs);
  });
}

describe('an import interrupted by a crash', () => {
  let h: Channels;
  let sourceId: string;
  beforeAll(async () => {
    h = await startChannels(ORG, { env: { IMPORT_SWEEP_MS: '100', IMPORT_LEASE_MS: '1000' } });
    sourceId = (await h.source()).id;
  });
  afterAll(() => h.close());

  it('resumes from its last checkpoint once the lease ran out, and completes with import.completed', async () => {
    const rows = csv([
      ['R-1', 'one', '1', '1', ''],
      ['R-2', 'two', '2', '1', ''],
      ['R-3', 'three', '3', '1', ''],
    ]);
    const id = await crashedJob(h, sourceId, rows, {
      rowsRead: 2,
      counts: { created: 2, updated: 0, unchanged: 0, rejected: 0 },
    });
    const job = await h.finished(id);
    expect(job).toMatchObject({
      status: 'COMPLETED',
      rowsRead: 3,
      counts: { created: 3, updated: 0, unchanged: 0, rejected: 0 },
    });
    const skus = (await h.request('GET', `/sources/${sourceId}/skus`)).body.data.map((s: { sku: string }) => s.sku);
    expect(skus).toEqual(['R-3']); // rows 1 and 2 were the dead worker's (its checkpoint said so)
    await eventually(() => h.named('import.completed').find((e) => e.payload.jobId === id));
  });

  it('applies the costs a batch had written down before the crash', async () => {
    const product = await h.product({ name: 'Crank', cost: 4 });
    const variantId = product.variants[0].id;
    const id = await crashedJob(h, sourceId, csv([]), {
      pendingCosts: [{ variantId, productId: product.id, cost: 3.5 }],
    });
    expect(await h.finished(id)).toMatchObject({ status: 'COMPLETED' });
    expect((await h.request('GET', `/variants/${variantId}`)).body.cost).toBe(3.5);
    const event = await eventually(() =>
      h.named('variant.cost_changed').find((e) => e.payload.variantId === variantId),
    );
    expect(event.payload).toMatchObject({ oldCost: 4, newCost: 3.5 });
  });

  it('counts the batch it resumed as its dead worker planned it, and moves no cost twice', async () => {
    const products = [await h.product({ cost: 10 }), await h.product({ cost: 10 }), await h.product({ cost: 10 })];
    const variantIds: string[] = products.map((p) => p.variants[0].id);
    await h.skus(
      sourceId,
      variantIds.map((variantId, i) => ({ sku: `M-${i}`, name: 'Mill', cost: 10, variantId })),
    );
    // The dead worker had begun rows 1-3 (three updates, three costs) and written two of them
    // (their SKUs and costs) before it died.
    await h.skus(sourceId, [
      { sku: 'M-0', cost: 11 },
      { sku: 'M-1', cost: 11 },
    ]);
    const rows = [0, 1, 2].map((i) => [`M-${i}`, 'Mill', '11', '', '']);
    const id = await crashedJob(h, sourceId, csv([...rows, ['M-new', 'New', '3', '1', '']]), {
      pendingCosts: products.map((p, i) => ({ variantId: variantIds[i], productId: p.id, cost: 11 })),
      pendingBatch: {
        rowsRead: 3,
        counts: { created: 0, updated: 3, unchanged: 0, rejected: 0 },
        errors: [],
        variantCostsChanged: 0,
      },
    });
    expect(await h.finished(id)).toMatchObject({
      status: 'COMPLETED',
      rowsRead: 4,
      counts: { created: 1, updated: 3, unchanged: 0, rejected: 0 },
      variantCostsChanged: 3,
    });
    for (const variantId of variantIds) {
      expect((await h.request('GET', `/variants/${variantId}`)).body.cost).toBe(11);
      await eventually(() => h.named('variant.cost_changed').find((e) => e.payload.variantId === variantId));
    }
    await new Promise((r) => setTimeout(r, 300));
    const moved = h.named('variant.cost_changed').filter((e) => variantIds.includes(e.payload.variantId));
    expect(moved.map((e) => e.payload.newCost)).toEqual([11, 11, 11]);
  });

  it('fails an upload that was cut off while being received (FAILED upload_interrupted)', async () => {
    const id = await crashedJob(h, sourceId, 'sku,cost\nA,1\n', { status: 'RECEIVING', chunks: 0 });
    expect(await h.finished(id)).toMatchObject({ status: 'FAILED', failure: { code: 'upload_interrupted' } });
  });

  it('keeps a slow upload alive: its lease is renewed while the request is open, not per chunk stored', async () => {
    // 3 s at a line per 300 ms: three leases (IMPORT_LEASE_MS 1000) with no chunk stored.
    const rows = Array.from({ length: 10 }, (_, i) => `S-${i},slow,1,1,`);
    const res = await slowUpload(
      `${h.url}/api/v1/sources/${sourceId}/imports`,
      ['sku,name,cost,availableQuantity,upc', ...rows],
      300,
    );
    expect(res.status).toBe(202);
    expect(await h.finished(res.body.id!)).toMatchObject({ status: 'COMPLETED', counts: { created: 10 } });
  });

  it('answers 503 upload_interrupted when the upload was failed while it was received', async () => {
    const source = (await h.source({ name: 'Stalled' })).id;
    const lines = ['sku,name,cost,availableQuantity,upc', ...Array.from({ length: 8 }, (_, i) => `F-${i},x,1,1,`)];
    const answer = slowUpload(`${h.url}/api/v1/sources/${source}/imports`, lines, 250);
    const receiving = await eventually(async () => (await h.request('GET', `/sources/${source}/imports`)).body.data[0]);
    // What the sweep does to an upload whose lease ran out (a process that stalled longer than a lease).
    await h.deps.sourcesAndImports.imports.jobs.change(ORG, receiving.id, (j) =>
      fail(j, { code: 'upload_interrupted', message: 'cut off' }, new Date()),
    );
    const res = await answer;
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe('upload_interrupted');
  });

  it('leaves a job alone while its worker still holds the lease', async () => {
    const id = await crashedJob(h, sourceId, csv([['L-1', 'x', '1', '1', '']]), {
      leaseUntil: new Date(Date.now() + 1500),
    });
    await new Promise((r) => setTimeout(r, 700));
    expect((await h.request('GET', `/sources/imports/${id}`)).body.status).toBe('RUNNING');
    expect(await h.finished(id)).toMatchObject({ status: 'COMPLETED', counts: { created: 1 } });
  });
});
