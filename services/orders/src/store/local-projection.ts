import type { EventEnvelope } from '@stockyard/contracts';
import { RecentWork } from '@stockyard/service-kit';

/** Updates this process applied lately, by event id, for the relay's copy to skip. */
const RECENT_UPDATES = 20_000;

/**
 * A projection kept from the orders' outbox by a local event (the search terms, the shipments'
 * list), as purchasing keeps its term index: applied before the write answers, and again by the
 * relay's local handler (a no-op then; after a crash, the replay). `apply` is idempotent.
 */
export class LocalProjection {
  private readonly recent = new RecentWork(RECENT_UPDATES);

  constructor(
    readonly event: string,
    private readonly apply: (event: EventEnvelope) => Promise<void>,
  ) {}

  /** A write's updates, applied before the request answers. */
  async applyAll(events: readonly EventEnvelope[]): Promise<void> {
    for (const e of events) if (e.name === this.event) await this.recent.run(e.id, () => this.apply(e));
  }

  /** The relay's local handler: skips what the request path just applied. */
  handler = (event: EventEnvelope): Promise<void> => this.recent.runIfNew(event.id, () => this.apply(event));
}
