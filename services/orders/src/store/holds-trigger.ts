import type { EventEnvelope } from '@stockyard/contracts';
import { newEvent, RecentWork, type Logger } from '@stockyard/service-kit';
import type { Order } from '../domain/order';

/** The local event of an order write that may change what it should hold (never published). */
export const HOLDS_WANTED = 'order.holds_wanted';

/** Syncs this process made lately, by event id, for the relay's copy to skip. */
const RECENT = 20_000;

type Sync = (orgId: string, orderId: string) => Promise<void>;

/**
 * Brings an order's holds in step after its writes: a write that creates the order, or changes
 * its status, lines or trash, carries `order.holds_wanted` in its outbox. The sync runs before the
 * write answers (a failure there is logged: the relay's copy runs it again), and from the relay
 * after a crash. The sync is bound once the holds module exists (it needs the orders' store).
 */
export class HoldsTrigger {
  private sync?: Sync;
  private readonly recent = new RecentWork(RECENT);

  constructor(private readonly logger: Logger) {}

  bind(sync: Sync): void {
    this.sync = sync;
  }

  eventsFor(before: Order | null, after: Order): EventEnvelope[] {
    const wanted =
      !before || before.status !== after.status || before.lines !== after.lines || before.deletedAt !== after.deletedAt;
    return wanted ? [newEvent(HOLDS_WANTED, { orgId: after.orgId, orderId: after.id })] : [];
  }

  private run(event: EventEnvelope): Promise<void> {
    if (!this.sync) throw new Error('holds are not ready');
    return this.sync(event.orgId, event.payload.orderId as string);
  }

  /** After a write, before it answers. */
  async wrote(events: readonly EventEnvelope[]): Promise<void> {
    for (const e of events) {
      if (e.name !== HOLDS_WANTED || !this.sync) continue;
      try {
        await this.recent.run(e.id, () => this.run(e));
      } catch (err) {
        this.logger.warn(
          { orderId: e.payload.orderId, err: (err as Error).message },
          'holds sync failed; relay retries',
        );
      }
    }
  }

  /** The relay's local handler: skips what the request path did; else syncs the order's holds. */
  handler = (event: EventEnvelope): Promise<void> => this.recent.runIfNew(event.id, () => this.run(event));
}
