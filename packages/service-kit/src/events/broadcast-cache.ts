import type { Logger } from '../logger';
import { RecentMap } from '../recent-map';
import type { Broker } from './broker';

interface BroadcastCacheOptions {
  /**
   * How long an entry is served before it is read again. It bounds how stale a replica
   * can be when it missed a broadcast (a broker outage); normally a change reaches every
   * replica in milliseconds.
   */
  ttlMs?: number;
  /** Entries kept; the least recently used goes first. */
  maxEntries?: number;
}

/**
 * A per-process read cache for data read on every request and changed rarely (a
 * warehouse a stock change names, an organization's webhook endpoints), kept in step
 * across replicas: the replica that changes the data drops the key and broadcasts it on
 * the broker, and every replica drops it when the broadcast arrives.
 *
 * - Entries live `ttlMs` (1 s by default), so a missed broadcast is stale for that long
 *   at most.
 * - Nothing is served from the cache, and nothing stored, unless this replica is
 *   subscribed on the broker's current connection. A reconnect empties the cache, since
 *   broadcasts may have been missed meanwhile.
 * - A read that began before a drop is not stored: it may predate the change.
 *
 * Each replica listens on an exclusive, auto-deleted queue bound to the cache's name on
 * the `<exchange>.caches` direct exchange, which goes away with the last replica's queue.
 * Broadcasts are not persisted: a replica that is down has no cache to correct. A replica
 * only broadcasts while its own queue is bound, so the exchange exists when it publishes.
 */
export class BroadcastCache<V> {
  private readonly entries: RecentMap<string, { value: V; until: number }>;
  private readonly ttlMs: number;
  /** Bumped by every drop; a read only stores its value if none happened while it ran. */
  private generation = 0;
  private subscribed = false;

  constructor(
    private readonly broker: Broker,
    readonly name: string,
    private readonly logger: Logger,
    options: BroadcastCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 1000;
    this.entries = new RecentMap(options.maxEntries ?? 10_000);
  }

  private get exchange(): string {
    return `${this.broker.exchange}.caches`;
  }

  /** Subscribes this replica to the cache's broadcasts, now and after every reconnect. */
  async start(): Promise<void> {
    await this.broker.addTopology(async (channel) => {
      this.subscribed = false;
      this.clear();
      await channel.assertExchange(this.exchange, 'direct', { durable: false, autoDelete: true });
      const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true, durable: false });
      await channel.bindQueue(queue, this.exchange, this.name);
      await channel.consume(queue, (msg) => msg && this.drop(msg.content.toString('utf8')), { noAck: true });
      this.subscribed = true;
    });
  }

  /** The cached value, or `load`'s (stored when it is still current). A failed load is not stored. */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.live) return load();
    const hit = this.entries.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (this.live && generation === this.generation) this.entries.set(key, { value, until: Date.now() + this.ttlMs });
    return value;
  }

  /**
   * Call after writing the data behind `key`: drops it here and tells the other replicas.
   * Resolves once the broker confirmed the broadcast; never rejects (the write is done,
   * and the other replicas' entries expire within `ttlMs` anyway).
   */
  async changed(key: string): Promise<void> {
    this.drop(key);
    const channel = this.broker.current;
    if (!this.subscribed || !channel) {
      if (this.subscribed)
        this.logger.warn(
          { cache: this.name, key },
          'cache broadcast skipped (broker not connected); replicas refresh within the ttl',
        );
      return;
    }
    try {
      await new Promise<void>((resolve, reject) =>
        channel.publish(this.exchange, this.name, Buffer.from(key, 'utf8'), {}, (err) =>
          err ? reject(err) : resolve(),
        ),
      );
    } catch (err) {
      this.logger.warn(
        { cache: this.name, key, err: (err as Error).message },
        'cache broadcast failed; replicas refresh within the ttl',
      );
    }
  }

  private get live(): boolean {
    return this.subscribed && this.broker.connected;
  }

  private drop(key: string): void {
    this.generation++;
    this.entries.delete(key);
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
