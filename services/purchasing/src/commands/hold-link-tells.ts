import type { EventEnvelope } from '@stockyard/contracts';
import { AppError, RecentWork, type Logger } from '@stockyard/service-kit';
import { z } from 'zod';
import { HOLDS_LINKED } from '../domain/purchase-order-events';
import type { HoldLookup } from '../ports';

/** Tells this process made lately, by event id, for the relay's copy to skip. */
const RECENT_TELLS = 5_000;

const HoldsLinkedSchema = z.object({
  orgId: z.string(),
  purchaseOrderId: z.string(),
  lineId: z.string(),
  reservationIds: z.array(z.string()).min(1),
});

/**
 * Orders is told of a line's links from the purchase order's outbox (local `purchase_order.holds_linked`,
 * written with the link): once right after the write, and again by the relay's local handler,
 * which skips a tell that succeeded here and retries one that failed (orders away) until orders
 * takes it. Orders' link is idempotent, so a tell repeated after a crash changes nothing.
 */
export class HoldLinkTells {
  private readonly recent = new RecentWork(RECENT_TELLS);

  constructor(
    private readonly holds: HoldLookup,
    private readonly logger: Logger,
  ) {}

  /** The request path: a failure is left to the relay (the link is already stored). */
  async tellAll(events: readonly EventEnvelope[]): Promise<void> {
    for (const event of events) {
      if (event.name !== HOLDS_LINKED) continue;
      await this.recent
        .run(event.id, () => this.tell(event))
        .catch((err: Error) => {
          this.logger.warn({ err: err.message, eventId: event.id }, 'orders not told of a link yet; the relay retries');
        });
    }
  }

  /** The relay's local handler: rejects while orders is away, so the entry stays for the next pass. */
  async tellIfNew(event: EventEnvelope): Promise<void> {
    await this.recent.runIfNew(event.id, () => this.tell(event));
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
