import { Schema, type Connection, type Model } from 'mongoose';

/**
 * The dispatcher's durable memory: one document per (event, endpoint) it accepted for
 * delivery, written before the first POST. `_id` is the delivery id (derived from both),
 * so of two copies of an event only one insert succeeds, on any replica, in any order.
 */
export interface DispatchMarkDoc {
  _id: string;
  orgId: string;
  endpointId: string;
  eventId: string;
  /** When the dispatcher took it: marks older than the retention are swept. */
  at: Date;
  /**
   * Until when the taker may still be storing the delivery; a redelivered copy that finds
   * the mark but no delivery after a crash schedules attempt 1 for then (see README).
   */
  holdUntil: Date;
}

const dispatchMarkSchema = new Schema<DispatchMarkDoc>(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    endpointId: { type: String, required: true },
    eventId: { type: String, required: true },
    at: { type: Date, required: true },
    holdUntil: { type: Date, required: true },
  },
  { collection: 'webhook_dispatch_marks', versionKey: false },
);
// The retention sweep.
dispatchMarkSchema.index({ at: 1 });

export const dispatchMarkModel = (connection: Connection): Model<DispatchMarkDoc> =>
  connection.models.WebhookDispatchMark ?? connection.model<DispatchMarkDoc>('WebhookDispatchMark', dispatchMarkSchema);
