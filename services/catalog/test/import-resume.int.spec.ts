import { Readable } from 'node:stream';
import { eventually } from '@stockyard/testkit';
import type { CatalogDeps } from '../src/deps';
import { newImportJob } from '../src/domain/import-job';
import { ImportChunks } from '../src/store/import-chunk.repository';
import { csv, startChannels, type Channels } from './support/channels';

const ORG = 'org_import_resume';
const past = () => new Date(Date.now() - 60_000);

/**
 * What a worker that died mid-import leaves behind: the staged file, and a job RUNNING under
 * its lease (run out now), checkpointed after `rowsRead` rows. The runner's sweep must resume it.
 */
async function crashedJob(h: Channels, sourceId: string, body: string, over: Record<string, unknown>) {
  const deps = h.deps as CatalogDeps;
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
  await deps.imports.jobs.store.create({
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

  it('fails an upload that was cut off while being received (FAILED upload_interrupted)', async () => {
    const id = await crashedJob(h, sourceId, 'sku,cost\nA,1\n', { status: 'RECEIVING', chunks: 0 });
    expect(await h.finished(id)).toMatchObject({ status: 'FAILED', failure: { code: 'upload_interrupted' } });
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
