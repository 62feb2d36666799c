import { walkStateTable } from '@stockyard/testkit';
import { AppError } from '@stockyard/service-kit';
import { cancelExport } from '../src/domain/export-job';
import { claimExport, completeExport, failExport, recordProgress, releaseExport } from '../src/domain/export-lease';
import { exportStates } from '../src/domain/export-states';
import { exportJob } from './support/export-records';

const now = new Date('2026-03-01T10:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const LEASE = 60_000;
const running = (owner: string, leaseUntil: Date | null, attempt = 1) =>
  exportJob({ status: 'running', leaseOwner: owner, leaseUntil, attempt, rowsWritten: 500, bytesWritten: 9000 });

describe('an export’s lease', () => {
  it('is claimed on a queued job: running, attempt 1, held until the lease ends', () => {
    const { state, result } = claimExport(exportJob(), 'w1', now, LEASE);
    expect(result).toBe(true);
    expect(state).toMatchObject({
      status: 'running',
      attempt: 1,
      leaseOwner: 'w1',
      leaseUntil: later(LEASE),
      startedAt: now,
    });
  });

  it('is not taken from a worker whose lease still runs', () => {
    expect(claimExport(running('w1', later(1)), 'w2', now, LEASE)).toEqual({ result: false });
  });

  it('is taken over once the lease ran out: a new attempt, from the first row', () => {
    const { state, result } = claimExport(running('w1', later(-1)), 'w2', now, LEASE);
    expect(result).toBe(true);
    expect(state).toMatchObject({ leaseOwner: 'w2', attempt: 2, rowsWritten: 0, bytesWritten: 0 });
  });

  it('is taken at once from a worker that released it (its process stopped)', () => {
    const released = releaseExport(running('w1', later(LEASE)), 'w1').state!;
    expect(released).toMatchObject({ status: 'running', leaseOwner: null, leaseUntil: null });
    expect(claimExport(released, 'w2', now, LEASE).result).toBe(true);
  });

  it.each(['completed', 'failed', 'cancelled'] as const)('is never claimed on a %s job', (status) => {
    expect(claimExport(exportJob({ status }), 'w1', now, LEASE)).toEqual({ result: false });
  });

  it('renews the lease with each page’s progress while held', () => {
    const { state, result } = recordProgress(running('w1', later(1)), 'w1', { rows: 1000, bytes: 20_000 }, now, LEASE);
    expect(result).toBe('held');
    expect(state).toMatchObject({ rowsWritten: 1000, bytesWritten: 20_000, leaseUntil: later(LEASE) });
  });

  it('tells a worker its job was cancelled, or taken over, and writes nothing then', () => {
    const cancelled = { ...running('w1', later(1)), status: 'cancelled' as const };
    expect(recordProgress(cancelled, 'w1', { rows: 1, bytes: 1 }, now, LEASE)).toEqual({ result: 'cancelled' });
    expect(recordProgress(running('w2', later(1), 2), 'w1', { rows: 1, bytes: 1 }, now, LEASE)).toEqual({
      result: 'lost',
    });
    expect(completeExport(running('w2', later(1), 2), 'w1', { objectKey: 'k', rows: 1, bytes: 1 }, now)).toEqual({
      result: 'lost',
    });
    expect(failExport(cancelled, 'w1', 'dependency_unavailable', now)).toEqual({ result: 'cancelled' });
  });

  it('completes with the file and export.completed in the same decision', () => {
    const file = { objectKey: 'exports/org_1/exp_1/1.csv', rows: 1234, bytes: 56_789 };
    const { state, events, result } = completeExport(running('w1', later(1)), 'w1', file, now);
    expect(result).toBe('held');
    expect(state).toMatchObject({ status: 'completed', objectKey: file.objectKey, rowsWritten: 1234, finishedAt: now });
    expect(state).toMatchObject({ leaseOwner: null, leaseUntil: null });
    expect(events?.map((e) => [e.name, e.payload])).toEqual([
      ['export.completed', { orgId: 'org_1', exportId: 'exp_1', resource: 'audit_events', rows: 1234 }],
    ]);
  });

  it('fails with the code why', () => {
    const { state } = failExport(running('w1', later(1)), 'w1', 'dependency_unavailable', now);
    expect(state).toMatchObject({ status: 'failed', failureCode: 'dependency_unavailable', finishedAt: now });
  });
});

describe('an export’s cancel', () => {
  it('follows the state table: queued and running jobs end, finished ones answer export_not_cancellable', async () => {
    const walked = await walkStateTable(
      exportStates,
      (from) => {
        try {
          return { status: cancelExport(exportJob({ status: from }), now).state!.status };
        } catch (err) {
          return { code: (err as AppError).code };
        }
      },
      ['cancel'],
    );
    expect(walked).toHaveLength(6);
  });
});
