import type { EventEnvelope } from '@stockyard/contracts';
import { newEvent } from '../events/outbox';
import type { OutboxRelay } from '../events/outbox-relay';
import { RecentWork } from '../recent-work';
import type { Aggregate, Decision } from './decision';

/**
 * A collection a service keeps from one aggregate's writes (a term index, a list row, a
 * balance): registered on the aggregate's store, which asks it for its updates on every
 * create and change, writes them in the aggregate's outbox as a local event (never published)
 * in the same write, applies them before the write answers, and has the relay apply them again
 * from the outbox, a no-op then, and the replay after a crash. So `apply` must be idempotent,
 * and safe when an older update comes after a newer one (carry the version).
 */
export interface Projection<S extends Aggregate> {
  /** The local event its updates ride on, one name per projection. */
  readonly event: string;
  /**
   * The updates a write from `before` (null: a create) to `after` needs, as payloads of the
   * event (none when nothing it keeps moved). `version` is the one the write makes.
   */
  updatesFor(before: S | null, after: S, version: number): Record<string, unknown>[];
  /** Applies updates (events of its name), many at once: one batch of writes where it can. */
  apply(updates: readonly EventEnvelope[]): Promise<void>;
  /**
   * Present for work a write must not wait to succeed (an order's holds, which need another
   * service): a failed `apply` on the request path is handed here (to log) and the write answers
   * all the same; the relay's copy applies it again. Without it, the failure is the write's.
   */
  applyFailed?(err: unknown, updates: readonly EventEnvelope[]): void;
  /** Present to keep the state each write made (under its lock, before `apply`): a list row's source. */
  wrote?(state: S): void;
}

/** Updates this process applied lately, by event id, for the relay's copy to skip. */
const RECENT_UPDATES = 20_000;

/** An aggregate's projections, as its store drives them. */
export class Projections<S extends Aggregate> {
  private readonly byEvent = new Map<string, Projection<S>>();
  private readonly recent = new RecentWork(RECENT_UPDATES);

  constructor(
    private readonly all: readonly Projection<S>[],
    relay: OutboxRelay | undefined,
    owner: string,
  ) {
    for (const projection of all) {
      if (this.byEvent.has(projection.event)) throw new Error(`${owner}: two projections on ${projection.event}`);
      this.byEvent.set(projection.event, projection);
      if (!relay) throw new Error(`${owner} has projections but no outbox relay`);
      relay.handleLocally(projection.event, (event) => this.recent.runIfNew(event.id, () => projection.apply([event])));
    }
  }

  /** Hands a write's new state to the projections that keep it. */
  wrote(state: S): void {
    for (const projection of this.all) projection.wrote?.(state);
  }

  /** The local events of a write from `before` to `after`. */
  eventsFor(before: S | null, after: S, version: number): EventEnvelope[] {
    return this.all.flatMap((p) =>
      p.updatesFor(before, after, version).map((payload) => newEvent(p.event, { orgId: after.orgId, ...payload })),
    );
  }

  /** `decide` with the projections' events added to each decision that writes a new state. */
  deciding<R>(decide: (current: S) => Decision<S, R>): (current: S) => Decision<S, R>;
  deciding<R>(
    decide: (current: S) => Promise<Decision<S, R>> | Decision<S, R>,
  ): (current: S) => Promise<Decision<S, R>>;
  deciding<R>(decide: (current: S) => Promise<Decision<S, R>> | Decision<S, R>) {
    const withUpdates = (current: S, decision: Decision<S, R>): Decision<S, R> => {
      if (!decision.state || decision.state === current) return decision;
      const local = this.eventsFor(current, decision.state, current.version + 1);
      return local.length ? { ...decision, events: [...(decision.events ?? []), ...local] } : decision;
    };
    return (current: S) => {
      const decision = decide(current);
      return decision instanceof Promise
        ? decision.then((d) => withUpdates(current, d))
        : withUpdates(current, decision);
    };
  }

  /** The local events among a write's (or many writes') events, applied now: one `apply` per projection. */
  async applyNow(events: readonly EventEnvelope[]): Promise<void> {
    const grouped = new Map<Projection<S>, EventEnvelope[]>();
    for (const event of events) {
      const projection = this.byEvent.get(event.name);
      if (!projection) continue;
      const updates = grouped.get(projection) ?? [];
      updates.push(event);
      grouped.set(projection, updates);
    }
    await Promise.all(
      [...grouped].map(([projection, updates]) => {
        const applied = projection.apply(updates);
        for (const event of updates) this.recent.remember(event.id, applied);
        return projection.applyFailed
          ? applied.catch((err: unknown) => projection.applyFailed!(err, updates))
          : applied;
      }),
    );
  }
}
