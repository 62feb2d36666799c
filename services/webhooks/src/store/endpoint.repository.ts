import type { Connection, Model } from 'mongoose';
import type { EventName, Page } from '@stockyard/contracts';
import { documentKey, documentLocks } from '@stockyard/service-kit';
import type { Endpoint, EndpointChange, NewEndpoint } from '../domain/endpoint';
import { endpointModel, type EndpointDoc } from './endpoint.model';
import { SharedLocks } from './shared-locks';

const toEndpoint = ({ _id, events, disabledAt, version, ...rest }: EndpointDoc): Endpoint => ({
  id: _id,
  events: events as EventName[],
  disabledAt: disabledAt ?? null,
  version: version ?? 0,
  ...rest,
});

export const ENDPOINTS_COLLECTION = 'webhook_endpoints';
/** Process-wide, like documentLocks: every repository instance must share it. */
const endpointGuard = new SharedLocks();
const MAX_UPDATE_TRIES = 10;

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

  /**
   * Runs `work` while no other writer of this endpoint in the process runs (FerretDB
   * updates are not atomic) and no reader holds it.
   */
  private locked<T>(id: string, work: () => Promise<T>): Promise<T> {
    const key = documentKey(ENDPOINTS_COLLECTION, id);
    return documentLocks.run(key, () => endpointGuard.write(key, work));
  }

  /** Reads the endpoint and runs `use` with it while no write of it can happen (signing). */
  withEndpoint<T>(orgId: string, id: string, use: (endpoint: Endpoint | undefined) => T): Promise<T> {
    return endpointGuard.read(documentKey(ENDPOINTS_COLLECTION, id), async () => use(await this.findById(orgId, id)));
  }

  /**
   * Read, decide, write guarded by the version read: within the process the lock makes
   * it exclusive; across replicas (MongoDB) a lost race re-reads and decides again.
   * Undefined when the endpoint does not exist; unchanged when `decide` returns nothing.
   */
  async update(orgId: string, id: string, decide: (current: Endpoint) => EndpointChange | undefined): Promise<Endpoint | undefined> {
    return this.locked(id, async () => {
      for (let tries = 0; tries < MAX_UPDATE_TRIES; tries++) {
        const current = await this.findById(orgId, id);
        if (!current) return undefined;
        const change = decide(current);
        if (!change) return current;
        const doc = await this.model
          .findOneAndUpdate({ _id: id, orgId, version: current.version }, { $set: { ...change, version: current.version + 1 } }, { new: true })
          .lean<EndpointDoc>();
        if (doc) return toEndpoint(doc);
      }
      throw new Error(`endpoint ${id} kept changing under a concurrent writer`);
    });
  }

  /** True when it existed. Its deliveries are the caller's to remove (cascade). */
  async delete(orgId: string, id: string): Promise<boolean> {
    return this.locked(id, async () => (await this.model.deleteOne({ _id: id, orgId })).deletedCount === 1);
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
