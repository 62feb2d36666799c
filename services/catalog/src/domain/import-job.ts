import {
  MAX_IMPORT_ERRORS,
  type ImportCounts,
  type ImportJob,
  type ImportRowError,
  type ImportStatus,
} from '@stockyard/contracts';
import { newEvent, stateTable, type Aggregate, type Decision } from '@stockyard/service-kit';
import { LeaseLost } from './import.errors';
import type { CostTarget } from './source-sku';

/**
 * A supplier feed import. The file is staged first (uploads in the request, URLs by the
 * worker), then applied in batches; each batch's end is a checkpoint (`rowsRead`, counts,
 * errors), so a worker that dies leaves a job another worker resumes from its last checkpoint
 * once the lease runs out.
 */
export interface ImportJobState extends Aggregate {
  id: string;
  sourceChannelId: string;
  status: ImportStatus;
  origin: 'upload' | 'url';
  url: string | null;
  /** Staged chunks of the file (0 until staged). */
  chunks: number;
  bytes: number;
  counts: ImportCounts;
  rowsRead: number;
  /** The first rejected rows (`errors` on the wire; `errors` is a reserved name in mongoose schemas). */
  rowErrors: ImportRowError[];
  failure: { code: string; message: string } | null;
  variantCostsChanged: number;
  /** Costs the batch after the checkpoint is to set: re-applied on resume (see README). */
  pendingCosts: CostTarget[];
  /**
   * What the batch after the checkpoint counts, as planned before its writes: a worker that
   * resumes it reports these (replayed, its rows written before the crash read as unchanged).
   */
  pendingBatch: BatchProgress | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdAt?: Date;
  updatedAt?: Date;
}

const importStates = stateTable<ImportStatus, 'stage' | 'start' | 'complete' | 'fail'>('Import', {
  RECEIVING: { stage: 'QUEUED', fail: 'FAILED' },
  QUEUED: { start: 'RUNNING', fail: 'FAILED' },
  RUNNING: { start: 'RUNNING', complete: 'COMPLETED', fail: 'FAILED' },
  COMPLETED: {},
  FAILED: {},
});

export const OPEN_STATUSES: ImportStatus[] = ['RECEIVING', 'QUEUED', 'RUNNING'];
const NO_COUNTS: ImportCounts = { created: 0, updated: 0, unchanged: 0, rejected: 0 };

type NewJob = Pick<ImportJobState, 'id' | 'orgId' | 'sourceChannelId' | 'origin' | 'url'>;

/** An upload starts RECEIVING (held by the request); a URL import starts QUEUED. */
export const newImportJob = (
  job: NewJob,
  owner: string,
  now: Date,
  leaseMs: number,
): Omit<ImportJobState, 'version'> => ({
  ...job,
  status: job.origin === 'upload' ? 'RECEIVING' : 'QUEUED',
  chunks: 0,
  bytes: 0,
  counts: NO_COUNTS,
  rowsRead: 0,
  rowErrors: [],
  failure: null,
  variantCostsChanged: 0,
  pendingCosts: [],
  pendingBatch: null,
  leaseOwner: job.origin === 'upload' ? owner : null,
  leaseUntil: job.origin === 'upload' ? new Date(now.getTime() + leaseMs) : null,
  startedAt: null,
  finishedAt: null,
});

const leaseFree = (job: ImportJobState, owner: string, now: Date) =>
  job.leaseOwner === null || job.leaseOwner === owner || (job.leaseUntil !== null && job.leaseUntil <= now);

/** The upload is stored: the job waits for a worker (LeaseLost if the sweep failed it meanwhile). */
export function staged(job: ImportJobState, owner: string, chunks: number, bytes: number): ImportJobState {
  if (job.leaseOwner !== owner) throw new LeaseLost(job.id);
  return { ...job, status: importStates.next(job.status, 'stage'), chunks, bytes, leaseOwner: null, leaseUntil: null };
}

/** A worker takes the job when nobody holds it (or its holder's lease ran out); `result` says whether it did. */
export function claim(
  job: ImportJobState,
  owner: string,
  now: Date,
  leaseMs: number,
): Decision<ImportJobState, boolean> {
  if (job.status !== 'QUEUED' && job.status !== 'RUNNING') return { result: false };
  if (!leaseFree(job, owner, now)) return { result: false };
  const state: ImportJobState = {
    ...job,
    status: importStates.next(job.status, 'start'),
    leaseOwner: owner,
    leaseUntil: new Date(now.getTime() + leaseMs),
    startedAt: job.startedAt ?? now,
  };
  return { state, result: true };
}

const held = (job: ImportJobState, owner: string) => {
  if (job.leaseOwner !== owner || (job.status !== 'RUNNING' && job.status !== 'RECEIVING')) throw new LeaseLost(job.id);
};

/** The worker is alive: its lease is extended. */
export function heartbeat(job: ImportJobState, owner: string, now: Date, leaseMs: number): ImportJobState {
  held(job, owner);
  return { ...job, leaseUntil: new Date(now.getTime() + leaseMs) };
}

/** The worker stops (the process is stopping): the job waits for the next worker, from its checkpoint. */
export function release(job: ImportJobState, owner: string): ImportJobState {
  return job.leaseOwner === owner ? { ...job, leaseOwner: null, leaseUntil: null } : job;
}

/** The staged URL feed (the worker fetched it). */
export function fetched(job: ImportJobState, owner: string, chunks: number, bytes: number): ImportJobState {
  held(job, owner);
  return { ...job, chunks, bytes };
}

/** What a batch did. */
export interface BatchProgress {
  rowsRead: number;
  counts: ImportCounts;
  errors: ImportRowError[];
  variantCostsChanged: number;
}

/**
 * A batch begins: before its writes, its cost targets and what it counts are written down, so a
 * worker that resumes it applies the same costs and reports the same counts.
 */
export function begin(
  job: ImportJobState,
  owner: string,
  batch: BatchProgress,
  costs: CostTarget[],
  now: Date,
  leaseMs: number,
): ImportJobState {
  held(job, owner);
  return { ...job, pendingCosts: costs, pendingBatch: batch, leaseUntil: new Date(now.getTime() + leaseMs) };
}

/** A checkpoint: the rows up to `rowsRead` are applied and counted; nothing is pending. */
export function checkpoint(
  job: ImportJobState,
  owner: string,
  batch: BatchProgress,
  now: Date,
  leaseMs: number,
): ImportJobState {
  held(job, owner);
  const room = MAX_IMPORT_ERRORS - job.rowErrors.length;
  return {
    ...job,
    rowsRead: batch.rowsRead,
    counts: addCounts(job.counts, batch.counts),
    rowErrors: room > 0 && batch.errors.length > 0 ? [...job.rowErrors, ...batch.errors.slice(0, room)] : job.rowErrors,
    variantCostsChanged: job.variantCostsChanged + batch.variantCostsChanged,
    pendingCosts: [],
    pendingBatch: null,
    leaseUntil: new Date(now.getTime() + leaseMs),
  };
}

const addCounts = (a: ImportCounts, b: ImportCounts): ImportCounts => ({
  created: a.created + b.created,
  updated: a.updated + b.updated,
  unchanged: a.unchanged + b.unchanged,
  rejected: a.rejected + b.rejected,
});

const completedEvent = (job: ImportJobState) =>
  newEvent('import.completed', { orgId: job.orgId, channelIds: [job.sourceChannelId], jobId: job.id });

/** The end: COMPLETED, and `import.completed` once (the state table refuses a second end). */
export function complete(job: ImportJobState, owner: string, now: Date): Decision<ImportJobState> {
  held(job, owner);
  const state = end(job, 'complete', now, null);
  return { state, events: [completedEvent(state)] };
}

/**
 * FAILED with its reason. A job that had started also sends `import.completed` (it is over;
 * the job's status says how), so a partner waiting for the event is not left waiting.
 */
export function fail(
  job: ImportJobState,
  failure: { code: string; message: string },
  now: Date,
): Decision<ImportJobState> {
  if (job.status === 'FAILED' || job.status === 'COMPLETED') return {};
  const state = end(job, 'fail', now, failure);
  return { state, events: job.status === 'RECEIVING' ? [] : [completedEvent(state)] };
}

function end(job: ImportJobState, trigger: 'complete' | 'fail', now: Date, failure: ImportJobState['failure']) {
  return {
    ...job,
    status: importStates.next(job.status, trigger),
    failure,
    pendingCosts: [],
    pendingBatch: null,
    leaseOwner: null,
    leaseUntil: null,
    finishedAt: now,
  };
}

export const importJobView = (j: ImportJobState): ImportJob => ({
  id: j.id,
  sourceChannelId: j.sourceChannelId,
  status: j.status,
  origin: j.origin,
  url: j.url,
  counts: j.counts,
  rowsRead: j.rowsRead,
  errors: j.rowErrors,
  failure: j.failure,
  variantCostsChanged: j.variantCostsChanged,
  createdAt: (j.createdAt ?? new Date(0)).toISOString(),
  updatedAt: (j.updatedAt ?? new Date(0)).toISOString(),
  startedAt: j.startedAt ? j.startedAt.toISOString() : null,
  finishedAt: j.finishedAt ? j.finishedAt.toISOString() : null,
});
