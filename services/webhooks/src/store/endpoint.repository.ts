import type { Connection, Model } from 'mongoose';
import type { EventName, Page } from '@stockyard/contracts';
import type { Endpoint, NewEndpoint } from '../domain/endpoint';
import { endpointModel, type EndpointDoc } from './endpoint.model';

const toEndpoint = ({ _id, events, ...rest }: EndpointDoc): Endpoint => ({ id: _id, events: events as EventName[], ...rest });

/** Every method takes the organization: no query can cross tenants. */
export class EndpointRepository {
  private readonly model: Model<EndpointDoc>;

  constructor(connection: Connection) {
    this.model = endpointModel(connection);
  }

  async create(endpoint: NewEndpoint): Promise<Endpoint> {
    const { id, ...fields } = endpoint;
    const doc = await this.model.create({ _id: id, ...fields });
    return toEndpoint(doc.toObject());
  }

  async findById(orgId: string, id: string): Promise<Endpoint | undefined> {
    const doc = await this.model.findOne({ _id: id, orgId }).lean<EndpointDoc>();
    return doc ? toEndpoint(doc) : undefined;
  }

  async list(orgId: string, page: Page): Promise<{ items: Endpoint[]; total: number }> {
    const [docs, total] = await Promise.all([
      this.model.find({ orgId }).sort({ createdAt: -1, _id: -1 }).skip(page.offset).limit(page.limit).lean<EndpointDoc[]>(),
      this.model.countDocuments({ orgId }),
    ]);
    return { items: docs.map(toEndpoint), total };
  }

  /** Enabled endpoints of the organization subscribed to the event. */
  async subscribedTo(orgId: string, event: EventName): Promise<Endpoint[]> {
    const docs = await this.model.find({ orgId, enabled: true, events: event }).lean<EndpointDoc[]>();
    return docs.map(toEndpoint);
  }
}
