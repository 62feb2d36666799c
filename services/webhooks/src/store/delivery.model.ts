import { Schema, type Connection, type Model } from 'mongoose';
import { WEBHOOK_DELIVERY_STATUSES } from '@stockyard/contracts';
import type { DeliveryAttempt, DeliveryStatus } from '../domain/delivery';

/** The delivery id (derived from event and endpoint) is the document id: inserts dedupe. */
export interface DeliveryDoc {
  _id: string;
  orgId: string;
  endpointId: string;
  eventId: string;
  event: string;
  payload: Record<string, unknown>;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  nextAttemptAt: Date | null;
  lastError: string | null;
  /** A worker's claim: while in the future, no other worker takes the delivery. */
  leaseUntil: Date | null;
  /** Fences a worker whose lease expired: its late result no longer matches. */
  leaseId: string | null;
  /** Bumped by every update; claims and replays are guarded by it (atomic on MongoDB). */
  version: number;
  createdAt: Date;
  updatedAt: Date;
  /** See Delivery.trace. */
  trace?: string;
}

const attemptSchema = new Schema<DeliveryAttempt>(
  {
    number: { type: Number, required: true },
    at: { type: Date, required: true },
    responseStatus: { type: Number, default: null },
    durationMs: { type: Number, required: true },
    error: { type: String, default: null },
    responseBody: { type: String, default: null },
  },
  { _id: false },
);

const deliverySchema = new Schema<DeliveryDoc>(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    endpointId: { type: String, required: true },
    eventId: { type: String, required: true },
    event: { type: String, required: true },
    payload: { type: Schema.Types.Mixed, required: true },
    status: { type: String, required: true, enum: WEBHOOK_DELIVERY_STATUSES },
    attempts: { type: [attemptSchema], default: [] },
    nextAttemptAt: { type: Date, default: null },
    lastError: { type: String, default: null },
    leaseUntil: { type: Date, default: null },
    leaseId: { type: String, default: null },
    version: { type: Number, required: true, default: 0 },
    trace: { type: String },
  },
  { collection: 'webhook_deliveries', timestamps: true, versionKey: false, minimize: false },
);
// The worker's "due" query, and the per-endpoint history (newest first).
deliverySchema.index({ status: 1, nextAttemptAt: 1 });
deliverySchema.index({ orgId: 1, endpointId: 1, createdAt: -1 });

export const deliveryModel = (connection: Connection): Model<DeliveryDoc> =>
  connection.models.WebhookDelivery ?? connection.model<DeliveryDoc>('WebhookDelivery', deliverySchema);
