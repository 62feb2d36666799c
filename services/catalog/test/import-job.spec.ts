import { AppError } from '@stockyard/service-kit';
import {
  checkpoint,
  claim,
  complete,
  fail,
  heartbeat,
  newImportJob,
  staged,
  type ImportJobState,
} from '../src/domain/import-job';
import { LeaseLost } from '../src/domain/import.errors';

const t0 = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const LEASE = 1000;
const queued = (): ImportJobState => ({
  ...newImportJob(
    { id: 'imp_1', orgId: 'org_1', sourceChannelId: 'src_1', origin: 'url', url: 'https://x.example/f.csv' },
    'w1',
    t0,
    LEASE,
  ),
  version: 1,
});
const claimed = (owner = 'w1', now = t0) => claim(queued(), owner, now, LEASE).state!;
const progress = {
  rowsRead: 10,
  counts: { created: 4, updated: 3, unchanged: 2, rejected: 1 },
  errors: [],
  variantCostsChanged: 2,
};

describe('import jobs', () => {
  it('is claimed once; another worker takes it only after the lease ran out', () => {
    const job = claimed();
    expect(job).toMatchObject({ status: 'RUNNING', leaseOwner: 'w1', leaseUntil: at(LEASE), startedAt: t0 });
    expect(claim(job, 'w2', at(500), LEASE).result).toBe(false);
    const taken = claim(job, 'w2', at(LEASE), LEASE);
    expect(taken.result).toBe(true);
    expect(taken.state).toMatchObject({ leaseOwner: 'w2', startedAt: t0 });
  });

  it('stops a worker whose lease another took (heartbeat and checkpoint throw LeaseLost)', () => {
    const job = claim(claimed(), 'w2', at(LEASE), LEASE).state!;
    expect(() => heartbeat(job, 'w1', at(LEASE), LEASE)).toThrow(LeaseLost);
    expect(() => checkpoint(job, 'w1', progress, at(LEASE), LEASE)).toThrow(LeaseLost);
  });

  it('adds each checkpoint to the counts and keeps the first 100 rejected rows', () => {
    const error = { line: 2, sku: 'X', code: 'invalid_cost', message: 'bad' };
    let job = claimed();
    for (let i = 0; i < 3; i++) {
      job = checkpoint(job, 'w1', { ...progress, errors: Array(40).fill(error) }, t0, LEASE);
    }
    expect(job.counts).toEqual({ created: 12, updated: 9, unchanged: 6, rejected: 3 });
    expect(job.rowErrors).toHaveLength(100);
    expect(job.variantCostsChanged).toBe(6);
  });

  it('completes once with import.completed {channelIds, jobId}; a second end is refused', () => {
    const done = complete(claimed(), 'w1', at(5));
    expect(done.state).toMatchObject({ status: 'COMPLETED', finishedAt: at(5), leaseOwner: null });
    expect(done.events!.map((e) => [e.name, e.payload])).toEqual([
      ['import.completed', { orgId: 'org_1', channelIds: ['src_1'], jobId: 'imp_1' }],
    ]);
    expect(() => complete(done.state!, 'w1', at(6))).toThrow(LeaseLost);
    expect(fail(done.state!, { code: 'x', message: 'y' }, at(6))).toEqual({});
  });

  it('fails with its reason; an upload refused while received sends no event', () => {
    const failed = fail(claimed(), { code: 'feed_fetch_failed', message: 'HTTP 404' }, at(5));
    expect(failed.state).toMatchObject({ status: 'FAILED', failure: { code: 'feed_fetch_failed' } });
    expect(failed.events).toHaveLength(1);
    const upload = newImportJob(
      { id: 'imp_2', orgId: 'org_1', sourceChannelId: 'src_1', origin: 'upload', url: null },
      'w1',
      t0,
      LEASE,
    );
    expect(fail({ ...upload, version: 1 }, { code: 'upload_interrupted', message: '' }, t0).events).toEqual([]);
  });

  it('queues a staged upload; staging twice is an invalid transition (409), and a lost upload is not staged', () => {
    const upload = {
      ...newImportJob(
        { id: 'imp_2', orgId: 'org_1', sourceChannelId: 'src_1', origin: 'upload', url: null },
        'w1',
        t0,
        LEASE,
      ),
      version: 1,
    };
    const job = staged(upload, 'w1', 3, 700_000);
    expect(job).toMatchObject({ status: 'QUEUED', chunks: 3, bytes: 700_000, leaseOwner: null });
    expect(() => staged({ ...job, leaseOwner: 'w1' }, 'w1', 3, 1)).toThrow(AppError);
    const failed = fail(upload, { code: 'upload_interrupted', message: '' }, t0).state!;
    expect(() => staged(failed, 'w1', 3, 1)).toThrow(LeaseLost);
  });
});
