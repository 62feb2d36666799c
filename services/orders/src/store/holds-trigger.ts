import type { EventEnvelope } from '@stockyard/contracts';
import type { Logger, Projection } from '@stockyard/service-kit';
import type { Order } from '../domain/order';

/** The local event of an order write that may change what it should hold (never published). */
export const HOLDS_WANTED = 'order.holds_wanted';

/** Brings one order's holds in step with the stored order (commands/hold-sync.ts). */
interface OrderHoldsSync {
  syncOrder(orgId: string, orderId: string): Promise<void>;
}

/**
 * An order's holds kept in step with its writes, as a projection of the order store: a write that
 * creates the order, or changes its status, lines or trash, carries `order.holds_wanted`, and the
 * sync runs before the write answers (a failure there is logged, and the write answers: the relay's
 * copy runs it again), and from the relay after a crash.
 */
export class HoldsTrigger implements Projection<Order> {
  readonly event = HOLDS_WANTED;

  constructor(
    private readonly holds: OrderHoldsSync,
    private readonly logger: Logger,
  ) {}

  updatesFor(before: Order | null, after: Order): Record<string, unknown>[] {
    const wanted =
      !before || before.status !== after.status || before.lines !== after.lines || before.deletedAt !== after.deletedAt;
    return wanted ? [{ orderId: after.id }] : [];
  }

  /** Each order's sync in turn (once however many of its writes ask); the first failure thrown after all ran. */
  async apply(updates: readonly EventEnvelope[]): Promise<void> {
    const orders = new Map(updates.map((e) => [`${e.orgId}:${String(e.payload.orderId)}`, e]));
    const failures: unknown[] = [];
    for (const { orgId, payload } of orders.values()) {
      await this.holds.syncOrder(orgId, payload.orderId as string).catch((err: unknown) => failures.push(err));
    }
    if (failures.length > 0) throw failures[0];
  }

  applyFailed(err: unknown, updates: readonly EventEnvelope[]): void {
    const orderIds = updates.map((e) => e.payload.orderId);
    this.logger.warn({ orderIds, err: (err as Error).message }, 'holds sync failed; relay retries');
  }
}
