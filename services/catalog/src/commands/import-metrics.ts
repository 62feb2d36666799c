import { counter, histogram } from '@stockyard/service-kit/ops';
import type { ImportJobState } from '../domain/import-job';

const rows = counter(
  'stockyard_import_rows_total',
  'Supplier-feed rows applied by import workers, by how the feed came (upload, url)',
  ['origin'] as const,
);
const runs = histogram(
  'stockyard_import_duration_seconds',
  "An import worker's run of one job, from taking it to its end, by origin and outcome (done, stopped, failed)",
  ['origin', 'outcome'] as const,
);

export const countImportRows = (job: Pick<ImportJobState, 'origin'>, applied: number) =>
  rows.inc({ origin: job.origin }, applied);

/** Starts timing a run; the returned function records it with its outcome. */
export function timeImportRun(job: Pick<ImportJobState, 'origin'>): (outcome: 'done' | 'stopped' | 'failed') => void {
  const end = runs.startTimer({ origin: job.origin });
  return (outcome) => void end({ outcome });
}
