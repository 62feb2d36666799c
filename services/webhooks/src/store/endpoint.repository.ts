import type { Model } from 'mongoose';
import type { EventName, Page } from '@stockyard/contracts';
import { AggregateStore, type BroadcastCache, type OutboxRelay, readPage } from '@stockyard/service-kit';
import type { Endpoint } from '../domain/endpoint';
import type { SealedSecret } from '../secrets/secret-box';
import type { EndpointDoc } from './endpoint.model';
import { aroundEndpointWrite, asEndpointReader, endpointWriteSeq, writtenSince } from './endpoint-write-guard';

type EndpointModel = Model<EndpointDoc>;

// The outbox fields are the relay's (audit records waiting to leave), not the endpoint's.
const toEndpoint = ({
  _id,
  events,
  disabledAt,
  version,
  outbox: _outbox,
  outboxPending: _pending,
  outboxAt: _at,
  ...rest
}: EndpointDoc): Endpoint => ({
  id: _id,
  events: events as EventName[],
  disabledAt: disabledAt ?? null,
  version: version ?? 0,
  ...rest,
});

/**
 * The endpoints' store: the kit's (lock, version guard, retries). Each write keeps signing readers
 * out and moves the write sequence on (endpoint-write-guard.ts); each leaves its audit record
 * through the service's relay (none in tools and some tests), the secret redacted by its name.
 */
export const endpointStore = (model: EndpointModel, relay?: OutboxRelay) =>
  new AggregateStore<Endpoint>(model, relay, { name: 'Webhook endpoint', around: aroundEndpointWrite });
export type EndpointStore = ReturnType<typeof endpointStore>;

/** An endpoint as read, and where the write sequence stood when the read began. */
export interface EndpointSnapshot {
  endpoint: Endpoint;
  readSeq: number;
}

/** An organization's enabled endpoints as read, for the dispatcher. */
export interface EnabledEndpoints {
  endpoints: Endpoint[];
  readSeq: number;
}

/** An endpoint's secret as stored: sealed, or plaintext left from an older database. */
interface StoredSecret {
  id: string;
  orgId: string;
  secret: SealedSecret | string;
}

/**
 * The endpoints as states. Every method but the sealing pass's takes the organization: no query
 * can cross tenants. The dispatcher reads an organization's enabled endpoints for every event;
 * with a cache (the service passes one) that read is answered from memory, and every write of an
 * endpoint, on any replica, drops the organization's entry (commands/endpoint-written.ts).
 */
export class EndpointReads {
  constructor(
    private readonly model: EndpointModel,
    private readonly store: EndpointStore,
    private readonly enabledByOrg?: BroadcastCache<EnabledEndpoints>,
  ) {}

  find(orgId: string, id: string): Promise<Endpoint | undefined> {
    return this.store.read(orgId, id);
  }

  /**
   * Runs `use` with the endpoint as it is now, while no write of it can happen (signing).
   * A snapshot read after this process last wrote the endpoint is used as it is; otherwise
   * the endpoint is read again. (Another replica's write is seen by the next read either
   * way: there is no ordering across processes to keep.)
   */
  withEndpoint<T>(
    orgId: string,
    id: string,
    use: (endpoint: Endpoint | undefined) => T,
    snapshot?: EndpointSnapshot,
  ): Promise<T> {
    return asEndpointReader(id, async () => {
      const current = snapshot && snapshot.endpoint.id === id && !writtenSince(id, snapshot.readSeq);
      return use(current ? snapshot.endpoint : await this.find(orgId, id));
    });
  }

  async list(orgId: string, page: Page): Promise<{ items: Endpoint[]; total: number }> {
    const read = { filter: { orgId }, sort: { createdAt: -1 as const, _id: -1 as const }, page, withTotal: true };
    const { data, total } = await readPage(this.model, read, (doc) => toEndpoint(doc as unknown as EndpointDoc));
    return { items: data, total: total! };
  }

  /** Enabled endpoints of the organization subscribed to the event, as snapshots for withEndpoint. */
  async subscribedTo(orgId: string, event: EventName): Promise<EndpointSnapshot[]> {
    const load = () => this.enabled(orgId);
    const { endpoints, readSeq } = await (this.enabledByOrg ? this.enabledByOrg.get(orgId, load) : load());
    return endpoints.filter((endpoint) => endpoint.events.includes(event)).map((endpoint) => ({ endpoint, readSeq }));
  }

  private async enabled(orgId: string): Promise<EnabledEndpoints> {
    const readSeq = endpointWriteSeq();
    const docs = await this.model.find({ orgId, enabled: true }).lean<EndpointDoc[]>();
    return { endpoints: docs.map(toEndpoint), readSeq };
  }

  /** Every endpoint's secret as stored, of every organization: the sealing pass's at start. */
  async storedSecrets(): Promise<StoredSecret[]> {
    const docs = await this.model.collection.find({}, { projection: { _id: 1, orgId: 1, secret: 1 } }).toArray();
    // As stored, not as the schema says: a secret from before sealing is a string.
    return (docs as unknown as (Pick<EndpointDoc, '_id' | 'orgId'> & Pick<StoredSecret, 'secret'>)[]).map((d) => ({
      id: d._id,
      orgId: d.orgId,
      secret: d.secret,
    }));
  }
}
