import type { EventEnvelope } from '@stockyard/contracts';
import { AppError, type Logger, type Projection } from '@stockyard/service-kit';
import { z } from 'zod';
import type { PurchaseOrder } from '../domain/purchase-order';
import { HOLDS_LINKED } from '../domain/purchase-order-events';
import type { HoldLookup } from '../ports';

const HoldsLinkedSchema = z.object({
  orgId: z.string(),
  purchaseOrderId: z.string(),
  lineId: z.string(),
  reservationIds: z.array(z.string()).min(1),
});

/**
 * Orders is told of a line's links from the purchase order's outbox, as a projection of the order
 * store: the link's decision writes the local `purchase_order.holds_linked` itself (domain/order-extras.ts),
 * the store tells orders right after the write (a failure there is logged, and the link answers: it is
 * stored), and the relay's copy skips a tell that succeeded and retries one that failed (orders away)
 * until orders takes it. Orders' link is idempotent, so a tell repeated after a crash changes nothing.
 */
export class HoldLinkTells implements Projection<PurchaseOrder> {
  readonly event = HOLDS_LINKED;

  constructor(
    private readonly holds: HoldLookup,
    private readonly logger: Logger,
  ) {}

  /** None of its own: the link's decision carries the event. */
  updatesFor(): Record<string, unknown>[] {
    return [];
  }

  /** Each link in turn; the first failure (orders away) thrown after all ran, so the outbox keeps them. */
  async apply(updates: readonly EventEnvelope[]): Promise<void> {
    const failures: unknown[] = [];
    for (const event of updates) await this.tell(event).catch((err: unknown) => failures.push(err));
    if (failures.length > 0) throw failures[0];
  }

  applyFailed(err: unknown, updates: readonly EventEnvelope[]): void {
    const eventIds = updates.map((e) => e.id);
    this.logger.warn({ err: (err as Error).message, eventIds }, 'orders not told of a link yet; the relay retries');
  }

  private async tell(event: EventEnvelope): Promise<void> {
    const { orgId, purchaseOrderId, lineId, reservationIds } = HoldsLinkedSchema.parse({
      ...event.payload,
      orgId: event.orgId,
    });
    try {
      await this.holds.linked(orgId, reservationIds, purchaseOrderId, lineId);
    } catch (err) {
      // A refusal will not change on a retry (the payload is ours): logged and dropped.
      if (!(err instanceof AppError) || err.type !== 'unprocessable') throw err;
      this.logger.error({ err: err.message, eventId: event.id }, 'orders refused a link; dropped');
    }
  }
}
