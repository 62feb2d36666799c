import type { ExportStatus } from '@stockyard/contracts';
import { stateTable } from '@stockyard/service-kit';

type ExportTrigger = 'start' | 'complete' | 'fail' | 'cancel' | 'expire';

/**
 * An export's life: queued until a worker claims it; running (claimed again, from the first row,
 * when its worker's lease runs out); then completed, failed or cancelled; a completed job's file is
 * removed once its keep time runs out (expired, final). Only a job
 * that has not ended can be cancelled: any illegal step is the route's 409 `export_not_cancellable`
 * (the worker checks its lease before every step, so only a cancel meets the refusal).
 */
export const exportStates = stateTable<ExportStatus, ExportTrigger>(
  'Export',
  {
    queued: { start: 'running', cancel: 'cancelled' },
    running: { start: 'running', complete: 'completed', fail: 'failed', cancel: 'cancelled' },
    completed: { expire: 'expired' },
    failed: {},
    cancelled: {},
    expired: {},
  },
  'export_not_cancellable',
);
