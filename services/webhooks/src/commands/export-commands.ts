import type { CreateExport } from '@stockyard/contracts';
import { newId } from '@stockyard/service-kit';
import {
  cancelExport,
  checkReadPermission,
  newExportJob,
  type ExportJob,
  type ExportRequester,
} from '../domain/export-job';
import type { ExportJobStore } from '../store/export-job.repository';

/** The caller of POST /exports as its signed identity names it. */
interface ExportCaller extends ExportRequester {
  permissions: readonly string[];
}

/** The partner's writes of export jobs: start one, cancel one (the worker's are ExportLeases'). */
export class ExportCommands {
  constructor(private readonly store: ExportJobStore) {}

  /** A queued job, once the key may read the resource; a worker picks it up within EXPORT_POLL_MS. */
  create(orgId: string, body: CreateExport, { permissions, keyId, actor }: ExportCaller): Promise<ExportJob> {
    checkReadPermission(body.resource, permissions);
    return this.store.create(newExportJob(newId('exp'), orgId, body, { keyId, actor }));
  }

  async cancel(orgId: string, id: string): Promise<ExportJob> {
    const { result } = await this.store.change(orgId, id, (job) => cancelExport(job, new Date()));
    return result;
  }
}
