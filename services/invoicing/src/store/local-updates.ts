import type { EventEnvelope } from '@stockyard/contracts';
import { RecentWork } from '@stockyard/service-kit';

/** Updates this process applied lately, by event id, for the relay's copy to skip. */
const RECENT_UPDATES = 20_000;

/**
 * A derived collection kept from the invoices' outbox by a local event (never published): each
 * write's update is applied before the request answers, and again by the relay's local handler,
 * a no-op then unless the process died in between (so `apply` must be idempotent).
 */
export class LocalUpdates {
  private readonly recent = new RecentWork(RECENT_UPDATES);

  constructor(
    readonly eventName: string,
    private readonly apply: (event: EventEnvelope) => Promise<void>,
  ) {}

  /** A write's updates, applied before the request answers. */
  async applyAll(events: readonly EventEnvelope[]): Promise<void> {
    for (const event of events) {
      if (event.name === this.eventName) await this.recent.run(event.id, () => this.apply(event));
    }
  }

  /** The relay's local handler: skips what the request path just applied. */
  applyIfNew = (event: EventEnvelope): Promise<void> => this.recent.runIfNew(event.id, () => this.apply(event));
}
