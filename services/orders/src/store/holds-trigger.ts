import type { EventEnvelope } from '@stockyard/contracts';
import type { Logger, Projection } from '@stockyard/service-kit';
import { WrittenStates } from '@stockyard/service-kit/store';
import type { Order } from '../domain/order';

/** The local event of an order write that may change what it should hold (never published). */
export const HOLDS_WANTED = 'order.holds_wanted';

/** Written orders kept for their syncs: a sync runs right after its order's write. */
const WRITTEN = 2_000;

/** Brings one order's holds in step with the order as written, or else as stored (commands/hold-sync.ts). */
interface OrderHoldsSync {
  syncOrder(orgId: string, orderId: string, written?: Order): Promise<void>;
}

/**
 * An order's holds kept in step with its writes, as a projection of the order store: a write that
 * creates the order, or changes its status, lines or trash, carries `order.holds_wanted`, and the
 * sync runs before the write answers (a failure there is logged, and the write answers: the relay's
 * copy runs it again), and from the relay after a crash.
 */
export class HoldsTrigger implements Projection<Order> {
  readonly event = HOLDS_WANTED;
  private readonly written = new WrittenStates<Order>(WRITTEN);

  constructor(
    private readonly holds: OrderHoldsSync,
    private readonly logger: Logger,
  ) {}

  updatesFor(before: Order | null, after: Order, version: number): Record<string, unknown>[] {
    const wanted =
      !before || before.status !== after.status || before.lines !== after.lines || before.deletedAt !== after.deletedAt;
    return wanted ? [{ orderId: after.id, version }] : [];
  }

  wrote(state: Order): void {
    this.written.wrote(state);
  }

  /**
   * Each order's sync in turn (once however many of its writes ask), from the order as its last
   * write here made it when that is kept (an update written before versions rode along reads it);
   * the first failure thrown after all ran.
   */
  async apply(updates: readonly EventEnvelope[]): Promise<void> {
    const orders = new Map(updates.map((e) => [`${e.orgId}:${String(e.payload.orderId)}`, e]));
    const failures: unknown[] = [];
    for (const { orgId, payload } of orders.values()) {
      const orderId = payload.orderId as string;
      const written = payload.version ? this.written.atLeast(orgId, orderId, Number(payload.version)) : undefined;
      await this.holds.syncOrder(orgId, orderId, written).catch((err: unknown) => failures.push(err));
    }
    if (failures.length > 0) throw failures[0];
  }

  applyFailed(err: unknown, updates: readonly EventEnvelope[]): void {
    const orderIds = updates.map((e) => e.payload.orderId);
    this.logger.warn({ orderIds, err: (err as Error).message }, 'holds sync failed; relay retries');
  }
}
