import type { Connection, Model } from 'mongoose';
import { endpointCascadeModel, type EndpointCascadeDoc } from './endpoint-cascade.model';

/** An endpoint deletion whose deliveries are still to remove. */
export interface Cascade {
  orgId: string;
  endpointId: string;
  openedAt: Date;
}

/** The open cascades of deleted endpoints: the durable half of a deletion the background finishes. */
export class EndpointCascades {
  private readonly model: Model<EndpointCascadeDoc>;

  constructor(connection: Connection) {
    this.model = endpointCascadeModel(connection);
  }

  /** Opens the endpoint's cascade (again: the first one's time stays). */
  async open(orgId: string, endpointId: string, now: Date): Promise<void> {
    await this.model.updateOne(
      { _id: endpointId, orgId },
      { $setOnInsert: { orgId, openedAt: now } },
      { upsert: true },
    );
  }

  /** The oldest cascades open by `now`, at most `limit` (a few at any time: one per endpoint being deleted). */
  async oldest(limit: number, now = new Date()): Promise<Cascade[]> {
    const opened = { openedAt: { $lte: now } }; // a range of the index, not a scan of it
    const docs = await this.model.find(opened).sort({ openedAt: 1 }).limit(limit).lean<EndpointCascadeDoc[]>();
    return docs.map((d) => ({ orgId: d.orgId, endpointId: d._id, openedAt: d.openedAt }));
  }

  async close({ orgId, endpointId }: Cascade): Promise<void> {
    await this.model.deleteOne({ _id: endpointId, orgId });
  }
}
