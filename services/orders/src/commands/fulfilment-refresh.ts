import type { Logger } from '@stockyard/service-kit';
import { errors } from '../domain/errors';
import type { Hold } from '../domain/hold';
import type { Order } from '../domain/order';
import { withFulfilment } from '../domain/order-fulfilment';
import type { HoldReads } from '../store/hold.repository';
import type { OrderReads, OrderStore } from '../store/order.repository';

/** Rounds of a refresh before it gives up (503 `contention`): each loses only to another write of the order. */
const MAX_ROUNDS = 10;

const busy = () => errors.contention('Order is too busy; retry', undefined, { 'Retry-After': '1' });

/**
 * Shows fulfilment on orders (domain/order-fulfilment.ts): each order's fulfilment computed from
 * its holds and written in one batched change of the orders (nothing written where nothing
 * moved). Holds are not in the order's document, so the order's version is read first, then the
 * holds, and a decision applies only to that version: a computation from holds read before
 * another writer's never overwrites what that writer wrote; an order written meanwhile is read
 * and computed again. A caller that holds both already (fulfil: the order it wrote or read, then
 * the holds it settled) hands them over as `known`, for a first round with no reads.
 */
export class FulfilmentRefresh {
  private store?: OrderStore;

  constructor(
    private readonly orders: OrderReads,
    private readonly holds: HoldReads,
    private readonly logger: Logger,
  ) {}

  /**
   * The store it writes through, given once it is built: the order store's holds sync needs the
   * hold moves, which tell this refresh of their deducts (orders.module.ts).
   */
  writesThrough(store: OrderStore): void {
    this.store = store;
  }

  /**
   * `refresh`, not awaited, for work that may run inside the outbox relay's flush of the order (the
   * holds sync replayed after a crash, and the hold moves it makes): the flush holds the order's
   * lock, which the refresh's write takes, so waiting for it there would wait for ever. A failure
   * is logged; the order's next refresh shows what it missed.
   */
  later(orgId: string, orderIds: readonly string[]): void {
    if (orderIds.length === 0) return;
    this.refresh(orgId, orderIds).catch((err: Error) =>
      this.logger.warn({ orgId, orderIds, err: err.message }, 'order fulfilment not refreshed'),
    );
  }

  /**
   * The orders' fulfilment brought up to their holds; `called`: a fulfil call marks them. `known`:
   * orders whose version and holds the caller has (see the class); a lost first round reads them
   * like the others. Answers the orders after.
   */
  async refresh(orgId: string, orderIds: readonly string[], options: { called?: boolean; known?: Known } = {}) {
    const store = this.store!;
    const shown = new Map<string, Order>();
    let pending = [...new Set(orderIds)];
    for (let round = 0; pending.length > 0; round++) {
      if (round === MAX_ROUNDS) throw busy();
      const { seen, holds } = await this.read(orgId, pending, round === 0 ? options.known : undefined);
      const now = new Date();
      const outcomes = await store.changeMany(orgId, [...seen.keys()], (current) =>
        current.version === seen.get(current.id)
          ? {
              state: withFulfilment(current, holds.get(current.id) ?? [], { now, called: options.called }),
              result: true,
            }
          : { result: false },
      );
      pending = [];
      for (const [id, outcome] of outcomes) {
        if (!outcome.ok) throw outcome.error;
        if (outcome.result) shown.set(id, outcome.state);
        else {
          store.forget(orgId, id); // what this process remembers is not the version read: read it afresh
          pending.push(id);
        }
      }
    }
    return shown;
  }

  /** Each order's version, then its holds: from `known` where the caller has them, the rest read in that order. */
  private async read(orgId: string, ids: string[], known: Known = new Map()) {
    const unknown = ids.filter((id) => !known.has(id));
    const seen = unknown.length > 0 ? await this.orders.versions(orgId, unknown) : new Map<string, number>();
    const holds = byOrder(await this.holds.ofOrders(orgId, [...seen.keys()]));
    for (const [id, given] of known) {
      if (!ids.includes(id)) continue;
      seen.set(id, given.version);
      holds.set(id, given.holds);
    }
    return { seen, holds };
  }
}

/**
 * Orders' versions and their holds as a caller holds them: each version read (or written) before
 * every hold was read or settled, so the version guard keeps the computation from overwriting a
 * newer write, as with the refresh's own reads.
 */
type Known = ReadonlyMap<string, { version: number; holds: readonly Hold[] }>;

function byOrder(holds: readonly Hold[]): Map<string, readonly Hold[]> {
  const grouped = new Map<string, readonly Hold[]>();
  for (const h of holds) grouped.set(h.orderId, [...(grouped.get(h.orderId) ?? []), h]);
  return grouped;
}
