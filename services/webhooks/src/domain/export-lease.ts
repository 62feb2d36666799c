import { newEvent, type Decision } from '@stockyard/service-kit';
import type { ExportJob } from './export-job';
import { exportStates } from './export-states';

/**
 * Where a worker stands with a job at each step: it still holds it, the job was cancelled (it
 * aborts its file), or another worker took it over (its lease ran out; it stops, writing nothing).
 */
export type Hold = 'held' | 'cancelled' | 'lost';

const holdOf = (job: ExportJob, owner: string): Hold => {
  if (job.status === 'cancelled') return 'cancelled';
  return job.status === 'running' && job.leaseOwner === owner ? 'held' : 'lost';
};

const until = (now: Date, leaseMs: number) => new Date(now.getTime() + leaseMs);

/**
 * A worker takes a queued job, or a running one nobody holds (released by a stopping worker, or
 * its lease ran out: a replica died). Each claim is a new attempt, written from the first row.
 */
export function claimExport(job: ExportJob, owner: string, now: Date, leaseMs: number): Decision<ExportJob, boolean> {
  const free = job.leaseOwner === null || job.leaseUntil === null || job.leaseUntil <= now;
  if (!exportStates.can(job.status, 'start') || (job.status === 'running' && !free)) return { result: false };
  const state: ExportJob = {
    ...job,
    status: exportStates.next(job.status, 'start'),
    attempt: job.attempt + 1,
    rowsWritten: 0,
    bytesWritten: 0,
    leaseOwner: owner,
    leaseUntil: until(now, leaseMs),
    startedAt: job.startedAt ?? now,
  };
  return { state, result: true };
}

/** A page is written: the progress, and the lease renewed (only while held). */
export function recordProgress(
  job: ExportJob,
  owner: string,
  written: { rows: number; bytes: number },
  now: Date,
  leaseMs: number,
): Decision<ExportJob, Hold> {
  const hold = holdOf(job, owner);
  if (hold !== 'held') return { result: hold };
  const state = { ...job, rowsWritten: written.rows, bytesWritten: written.bytes, leaseUntil: until(now, leaseMs) };
  return { state, result: hold };
}

/** The worker stops (its process is stopping): the job waits, running, for the next claim. */
export function releaseExport(job: ExportJob, owner: string): Decision<ExportJob, Hold> {
  const hold = holdOf(job, owner);
  return hold === 'held' ? { state: { ...job, leaseOwner: null, leaseUntil: null }, result: hold } : { result: hold };
}

/** The file is stored: completed, with `export.completed` in the same write. */
export function completeExport(
  job: ExportJob,
  owner: string,
  file: { objectKey: string; rows: number; bytes: number },
  now: Date,
): Decision<ExportJob, Hold> {
  const hold = holdOf(job, owner);
  if (hold !== 'held') return { result: hold };
  const state: ExportJob = {
    ...job,
    status: exportStates.next(job.status, 'complete'),
    objectKey: file.objectKey,
    rowsWritten: file.rows,
    bytesWritten: file.bytes,
    leaseOwner: null,
    leaseUntil: null,
    finishedAt: now,
  };
  const event = newEvent('export.completed', {
    orgId: job.orgId,
    exportId: job.id,
    resource: job.resource,
    rows: file.rows,
  });
  return { state, events: [event], result: hold };
}

/** The attempt cannot go on (an owner away past its retries, S3 away): failed, with the code why. */
export function failExport(job: ExportJob, owner: string, failureCode: string, now: Date): Decision<ExportJob, Hold> {
  const hold = holdOf(job, owner);
  if (hold !== 'held') return { result: hold };
  const state: ExportJob = {
    ...job,
    status: exportStates.next(job.status, 'fail'),
    failureCode,
    leaseOwner: null,
    leaseUntil: null,
    finishedAt: now,
  };
  return { state, result: hold };
}
