import { Schema, type Connection, type Model } from 'mongoose';

/**
 * A deleted endpoint whose deliveries are still being removed: written before the endpoint is
 * removed, removed once none of its deliveries is left (README: deletion cascades). `_id` is
 * the endpoint id, so deleting it twice opens one cascade.
 */
export interface EndpointCascadeDoc {
  _id: string;
  orgId: string;
  openedAt: Date;
}

const endpointCascadeSchema = new Schema<EndpointCascadeDoc>(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    openedAt: { type: Date, required: true },
  },
  { collection: 'webhook_endpoint_cascades', versionKey: false },
);
// The sweep, oldest first.
endpointCascadeSchema.index({ openedAt: 1 });

export const endpointCascadeModel = (connection: Connection): Model<EndpointCascadeDoc> =>
  connection.models.WebhookEndpointCascade ??
  connection.model<EndpointCascadeDoc>('WebhookEndpointCascade', endpointCascadeSchema);
