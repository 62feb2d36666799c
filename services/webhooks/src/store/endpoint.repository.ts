import type { Connection, Model } from 'mongoose';
import type { EventName, Page } from '@stockyard/contracts';
import { AggregateStore, AppError, type BroadcastCache, type OutboxRelay, readPage } from '@stockyard/service-kit';
import { documentKey } from '@stockyard/service-kit/store';
import type { Endpoint, EndpointChange, NewEndpoint } from '../domain/endpoint';
import type { SealedSecret, SecretBox } from '../secrets/secret-box';
import { endpointModel, type EndpointDoc } from './endpoint.model';
import { SharedLocks } from './shared-locks';

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

const ENDPOINTS_COLLECTION = 'webhook_endpoints';
/** Process-wide, like the kit's document locks: every repository instance must share it. */
const endpointGuard = new SharedLocks();
/**
 * Process-wide write sequence: each endpoint's last write in this process, so a copy read
 * earlier can be known to be still current without reading it again (see withEndpoint).
 */
let writeSeq = 0;
const lastWrite = new Map<string, number>();

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

interface EndpointHooks {
  /** After a write that disabled the endpoint (auto-disable or PATCH): its pending deliveries stop. */
  onDisabled?: (orgId: string, endpointId: string) => void;
}

/**
 * Every method takes the organization: no query can cross tenants.
 *
 * The dispatcher reads an organization's enabled endpoints for every event; with a cache
 * (the service passes one) that read is answered from memory, and every write of an
 * endpoint, on any replica, drops the organization's entry (see BroadcastCache).
 */
export class EndpointRepository {
  private readonly model: Model<EndpointDoc>;
  private readonly store: AggregateStore<Endpoint>;

  constructor(
    connection: Connection,
    private readonly enabledByOrg?: BroadcastCache<EnabledEndpoints>,
    private readonly hooks: EndpointHooks = {},
    /** The service's relay: each write's audit record leaves through it (none in tools and some tests). */
    relay?: OutboxRelay,
  ) {
    this.model = endpointModel(connection);
    // Each write keeps signing readers out (see withEndpoint) and moves the write sequence on
    // before they may enter again. Its secret is redacted from the audit records by its name.
    this.store = new AggregateStore<Endpoint>(this.model, relay, {
      name: 'Webhook endpoint',
      around: (id, write) =>
        endpointGuard.write(documentKey(ENDPOINTS_COLLECTION, id), async () => {
          try {
            return await write();
          } finally {
            lastWrite.set(id, ++writeSeq);
          }
        }),
    });
  }

  async create(endpoint: NewEndpoint): Promise<Endpoint> {
    const created = await this.store.create(endpoint);
    await this.enabledByOrg?.changed(endpoint.orgId);
    return created;
  }

  async findById(orgId: string, id: string): Promise<Endpoint | undefined> {
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
    return endpointGuard.read(documentKey(ENDPOINTS_COLLECTION, id), async () => {
      const current = snapshot && snapshot.endpoint.id === id && (lastWrite.get(id) ?? 0) <= snapshot.readSeq;
      return use(current ? snapshot.endpoint : await this.findById(orgId, id));
    });
  }

  /**
   * The endpoint changed by `decide` (the kit's store: locked, version-guarded, retried).
   * Undefined when the endpoint does not exist; unchanged when `decide` returns nothing.
   */
  async update(
    orgId: string,
    id: string,
    decide: (current: Endpoint) => EndpointChange | undefined,
  ): Promise<Endpoint | undefined> {
    let wasEnabled = false;
    try {
      const { state } = await this.store.change(orgId, id, (current) => {
        wasEnabled = current.enabled;
        const change = decide(current);
        return change ? { state: { ...current, ...change } } : {};
      });
      if (wasEnabled && !state.enabled) this.hooks.onDisabled?.(orgId, id);
      return state;
    } catch (err) {
      if (err instanceof AppError && err.code === 'resource_not_found') return undefined;
      throw err;
    } finally {
      await this.enabledByOrg?.changed(orgId);
    }
  }

  /**
   * Seals every secret not sealed with the current key: one still in plaintext (stored
   * before secrets were encrypted) or sealed with an older key (README: rotating the key).
   * Run at start; answers how many it re-sealed.
   */
  async sealSecrets(secrets: SecretBox): Promise<number> {
    const docs = await this.model.collection.find({}, { projection: { _id: 1, orgId: 1, secret: 1 } }).toArray();
    let sealed = 0;
    for (const doc of docs as unknown as Pick<EndpointDoc, '_id' | 'orgId' | 'secret'>[]) {
      const stored = doc.secret as SealedSecret | string;
      if (typeof stored !== 'string' && !secrets.isStale(stored)) continue;
      await this.update(doc.orgId, doc._id, (current) => {
        const now = current.secret as SealedSecret | string;
        if (typeof now !== 'string' && !secrets.isStale(now)) return undefined;
        const plaintext = typeof now === 'string' ? now : secrets.open(now, current.id);
        return { secret: secrets.seal(plaintext, current.id) };
      });
      sealed++;
    }
    return sealed;
  }

  /**
   * True when it existed. Its deliveries are the caller's to remove (cascade). It is marked
   * deleted first: that change is its record in the audit trail (the kit's removal records
   * nothing), and a cascade that finds it marked removes it (a crash between the two writes).
   */
  async delete(orgId: string, id: string): Promise<boolean> {
    try {
      const now = new Date();
      await this.store.change(orgId, id, (current) =>
        current.deletedAt ? {} : { state: { ...current, deletedAt: now } },
      );
      return await this.store.remove(orgId, id);
    } catch (err) {
      if (err instanceof AppError && err.code === 'resource_not_found') return false;
      throw err;
    } finally {
      await this.enabledByOrg?.changed(orgId);
    }
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
    const readSeq = writeSeq;
    const docs = await this.model.find({ orgId, enabled: true }).lean<EndpointDoc[]>();
    return { endpoints: docs.map(toEndpoint), readSeq };
  }
}
