import { Schema, type Connection } from 'mongoose';

/**
 * The data-health report of an organization (`_id` its id), computed by a job in the background
 * (commands/data-health-reports.ts): the last finished report and the job under way, if any.
 */
export interface HealthReportDoc {
  _id: string;
  orgId: string;
  /** The last finished report: when its read began, and what it found. */
  generatedAt: Date | null;
  /** Changes after this instant make the report stale (a second before `generatedAt`: writes in flight). */
  changesAfter: Date | null;
  productCount: number | null;
  problems: { code: string; count: number; sampleIds: string[] }[];
  /** A job under way holds this until it finishes (its process may have died: then it runs out). */
  runningUntil: Date | null;
}

const schema = new Schema<HealthReportDoc>(
  {
    _id: String,
    orgId: String,
    generatedAt: Date,
    changesAfter: Date,
    productCount: Number,
    problems: [Schema.Types.Mixed],
    runningUntil: Date,
  },
  { collection: 'product_health_reports', versionKey: false },
);

export const healthReportModel = (connection: Connection) =>
  connection.model<HealthReportDoc>('ProductHealthReport', schema);
export type HealthReportModel = ReturnType<typeof healthReportModel>;
