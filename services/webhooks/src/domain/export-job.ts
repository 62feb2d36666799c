import {
  EXPORT_SOURCES,
  type AuditActor,
  type CreateExport,
  type ExportFormat,
  type ExportResource,
  type ExportStatus,
} from '@stockyard/contracts';
import type { Aggregate, Decision } from '@stockyard/service-kit';
import { missingReadPermission } from './export.errors';
import { exportStates } from './export-states';

/** Who asked for an export: the key, and the actor the gateway named for it (the audit trail's). */
export interface ExportRequester {
  keyId: string;
  actor: AuditActor | null;
}

/**
 * An export job (`exp_…`): what to read and how to write it, who asked, and how far its current
 * attempt got. A worker holds it with a lease (`leaseOwner` until `leaseUntil`); each claim starts
 * attempt `attempt`, a file of its own written from the first row (README, Exports).
 */
export interface ExportJob extends Aggregate {
  id: string;
  resource: ExportResource;
  format: ExportFormat;
  /** As the request gave them (the owner parses them by the resource's filter schema). */
  filters: Record<string, unknown>;
  fields: string[] | null;
  status: ExportStatus;
  requestedBy: ExportRequester;
  /** Records written by the current attempt (a purchase order with its lines is one). */
  rowsWritten: number;
  bytesWritten: number;
  attempt: number;
  /** The completed file's key in the exports bucket. */
  objectKey: string | null;
  failureCode: string | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** When the expiry sweep removed the completed file (the job `expired`). */
  expiredAt: Date | null;
  createdAt?: Date;
  updatedAt?: Date;
}

/** Whether a key may read the resource's rows: its own read permission (`export.run` alone reads nothing). */
export const mayReadResource = (resource: ExportResource, permissions: readonly string[]): boolean =>
  permissions.includes(EXPORT_SOURCES[resource].permission);

/** Refuses a key without the resource's own read permission. */
export function checkReadPermission(resource: ExportResource, permissions: readonly string[]): void {
  if (!mayReadResource(resource, permissions))
    throw missingReadPermission(resource, EXPORT_SOURCES[resource].permission);
}

export const newExportJob = (
  id: string,
  orgId: string,
  body: CreateExport,
  requestedBy: ExportRequester,
): Omit<ExportJob, 'version'> => ({
  id,
  orgId,
  resource: body.resource,
  format: body.format,
  filters: body.filters ?? {},
  fields: body.fields ?? null,
  status: 'queued',
  requestedBy,
  rowsWritten: 0,
  bytesWritten: 0,
  attempt: 0,
  objectKey: null,
  failureCode: null,
  leaseOwner: null,
  leaseUntil: null,
  startedAt: null,
  finishedAt: null,
  expiredAt: null,
});

/** When a completed job's file goes: `keepDays` after it finished (the expiry sweep removes it then). */
export const fileExpiresAt = (job: Pick<ExportJob, 'finishedAt'>, keepDays: number): Date | null =>
  job.finishedAt ? new Date(job.finishedAt.getTime() + keepDays * 86_400_000) : null;

/**
 * The expiry sweep removed a completed job's file: expired, its object key gone. Anything else (a
 * replica expired it first) is left as it is.
 */
export function expireExport(job: ExportJob, now: Date): Decision<ExportJob, boolean> {
  if (!exportStates.can(job.status, 'expire')) return { result: false };
  const state = { ...job, status: exportStates.next(job.status, 'expire'), objectKey: null, expiredAt: now };
  return { state, result: true };
}

/** POST /exports/{id}/cancel: a queued or running job ends (its worker notices after its page). */
export function cancelExport(job: ExportJob, now: Date): Decision<ExportJob, ExportJob> {
  const state = { ...job, status: exportStates.next(job.status, 'cancel'), finishedAt: now };
  return { state, result: state };
}
