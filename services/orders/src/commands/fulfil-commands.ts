import type { FulfillOrder, FulfillResult } from '@stockyard/contracts';
import { dependencyUnavailable, notFound } from '@stockyard/service-kit';
import { moveTo } from '../domain/change-status';
import { isDropship, isOpen, wantsHold, type Hold } from '../domain/hold';
import { foreignHolds, orderNotFulfillable } from '../domain/hold.errors';
import { commitHold, restoreAndCommit } from '../domain/hold-plans';
import { saleOf } from '../domain/hold-sale';
import type { Order } from '../domain/order';
import { fulfilmentOf } from '../domain/order-fulfilment';
import { orderTrashed } from '../domain/order.errors';
import type { HoldReads } from '../store/hold.repository';
import type { OrderReads, OrderStore } from '../store/order.repository';
import type { FulfilmentRefresh } from './fulfilment-refresh';
import type { HoldMoves } from './hold-moves';

type Outcome = FulfillResult['results'][number];
/** What a call's moves did: each hold's outcome, and the holds as the moves left them. */
interface Moved {
  results: Outcome[];
  after: Hold[];
}
/** The order's version as it stood before its holds were read, and those holds. */
interface Read {
  version: number;
  holds: readonly Hold[];
}
const skipped = (hold: Hold, reason: string): Outcome => ({ reservationId: hold.id, outcome: 'skipped', reason });

/** Why restore-and-fulfil did not commit a hold it planned to (another call did, or inventory refused). */
const restoreSkip = (hold: Hold) =>
  hold.status === 'COMMITTED'
    ? 'already_committed'
    : hold.kitLevel
      ? 'kit_level'
      : hold.warehouseId
        ? 'deduct_refused'
        : 'no_warehouse';

/**
 * Whether the holds sync can add no hold to the order at this version (every line it holds has
 * one): only then are the holds read all the order's; the sync refreshes nothing for holds it adds.
 */
const noHoldToAdd = (order: Order, holds: readonly Hold[]) => {
  const held = new Set(holds.map((h) => h.lineId));
  return order.lines.every((l) => !wantsHold(l) || held.has(l.id));
};

/** Why an open hold cannot be deducted now, or null. */
function notDeductable(hold: Hold): string | null {
  if (hold.kitLevel) return 'kit_not_expanded';
  if (isDropship(hold)) return 'dropship';
  if (!hold.warehouseId) return 'no_warehouse';
  if (hold.reservedQuantity < hold.quantity) return 'short';
  return null;
}

/**
 * Fulfilment (POST /orders/{id}/fulfill) and restore-and-fulfil: each hold moves to COMMITTED in
 * its own guarded write before its deduct is asked, so two calls at once or a retry find it
 * COMMITTED and skip it; the deduct's key is the hold's, so a replay moves stock once. `moves`
 * ask for no refresh of the order (HoldMoves.refreshedByCaller): each call makes one, after them.
 */
export class FulfilCommands {
  constructor(
    private readonly store: OrderStore,
    private readonly orders: OrderReads,
    private readonly holds: HoldReads,
    private readonly moves: HoldMoves,
    private readonly fulfilment: FulfilmentRefresh,
  ) {}

  /**
   * The call's answer once `work` made its moves: the order marked (a fulfil call was made) and its
   * fulfilment computed, in the call's one refresh, from the holds read (those moved as they
   * settled) on the version read before them, with no reads of its own unless the order was written
   * since or a holds sync may still add a hold. A call that fails after it may have moved stock
   * leaves that refresh to run after it.
   */
  private async answer(orgId: string, order: Order, read: Read, work: () => Promise<Moved>): Promise<FulfillResult> {
    try {
      const { results, after } = await work();
      const settled = new Map(after.map((h) => [h.id, h]));
      const holds = read.holds.map((h) => settled.get(h.id) ?? h);
      const known = noHoldToAdd(order, holds) ? new Map([[order.id, { version: read.version, holds }]]) : undefined;
      const marked = (await this.fulfilment.refresh(orgId, [order.id], { called: true, known })).get(order.id) ?? order;
      return { orderId: order.id, status: marked.status, fulfillmentStatus: fulfilmentOf(marked).status, results };
    } catch (err) {
      this.fulfilment.later(orgId, [order.id]);
      throw err;
    }
  }

  /** The order, moved to PROCESSING when it was PENDING (source `fulfillment`); CANCELLED and ON_HOLD refuse. */
  private async fulfillable(orgId: string, id: string): Promise<Order> {
    const changed = await this.store.change(orgId, id, (order) => {
      if (order.deletedAt) throw orderTrashed();
      if (order.status === 'CANCELLED' || order.status === 'ON_HOLD') throw orderNotFulfillable(order.status);
      if (order.status !== 'PENDING') return { result: undefined };
      const moved = moveTo(order, 'PROCESSING', 'fulfillment', 'fulfilled', new Date());
      return { state: moved.order, events: moved.events };
    });
    return changed.state;
  }

  /** A missing order is the store's 404 (`fulfillable`'s change), from the order it remembers when it can. */
  async fulfill(orgId: string, id: string, body: FulfillOrder): Promise<FulfillResult> {
    const order = await this.fulfillable(orgId, id);
    const lines = body.lines ? new Set(body.lines) : undefined;
    const held = await this.holds.ofOrder(orgId, id);
    const chosen = held.filter(
      (h) =>
        (!lines || lines.has(h.lineId) || (h.kitParentLineId && lines.has(h.kitParentLineId))) &&
        (!body.warehouseId || h.warehouseId === body.warehouseId),
    );
    return this.answer(orgId, order, { version: order.version, holds: held }, () =>
      this.fulfillHolds(orgId, order, chosen),
    );
  }

  /**
   * Each hold committed and its stock deducted (a SALE), together: the moves in flight finished in
   * one call, the deducts planned in one batched change and asked of inventory in one call, each
   * naming its sale from the order at hand (its line's price, its channel).
   */
  private async fulfillHolds(orgId: string, order: Order, chosen: Hold[]): Promise<Moved> {
    const ready = await this.moves.finishMany(chosen);
    const early = new Map<string, Outcome>();
    for (const hold of ready) {
      if (!isOpen(hold))
        early.set(hold.id, skipped(hold, hold.status === 'COMMITTED' ? 'already_committed' : 'cancelled'));
      else if (notDeductable(hold)) early.set(hold.id, skipped(hold, notDeductable(hold)!));
    }
    const deducting = ready.filter((h) => !early.has(h.id)).map((h) => h.id);
    const ran = await this.moves.runMany(orgId, deducting, (h) =>
      isOpen(h) && !notDeductable(h) ? commitHold(h, true, saleOf(order, h)) : undefined,
    );
    const results = ready.map((hold): Outcome => {
      const outcome = early.get(hold.id);
      if (outcome) return outcome;
      const { hold: after, made } = ran.get(hold.id)!;
      if (after.pendingMove) throw dependencyUnavailable('inventory');
      if (after.status !== 'COMMITTED')
        return skipped(after, isOpen(after) ? (notDeductable(after) ?? 'deduct_refused') : 'cancelled');
      // Another call committed it first: that call made the move (the same key: stock moved once).
      return made
        ? { reservationId: hold.id, outcome: 'committed', reason: null }
        : skipped(after, 'already_committed');
    });
    return { results, after: ready.map((h) => ran.get(h.id)?.hold ?? h) };
  }

  /**
   * POST /orders/{id}/restore-and-fulfill-holds: each CANCELLED hold named restored and deducted (a
   * SALE), together: the moves in flight finished in one call, the restores planned in one batched
   * change and their deducts asked of inventory in one call.
   */
  async restoreAndFulfill(orgId: string, id: string, reservationIds: string[]): Promise<FulfillResult> {
    const found = await this.orders.find(orgId, id);
    if (!found) throw notFound('Order');
    const holds = await this.holds.ofOrder(orgId, id);
    const held = new Map(holds.map((h) => [h.id, h]));
    const foreign = reservationIds.filter((r) => !held.has(r));
    if (foreign.length > 0) throw foreignHolds(foreign);
    const order = await this.fulfillable(orgId, id);
    // The holds were read before fulfillable: the version read before them is the refresh's (its
    // write, from PENDING, moves it, and the refresh reads again).
    return this.answer(orgId, order, { version: found.version, holds }, () =>
      this.restoreHolds(orgId, order, reservationIds, held),
    );
  }

  /** restore-and-fulfil's moves: each CANCELLED hold named restored and deducted. */
  private async restoreHolds(
    orgId: string,
    order: Order,
    reservationIds: string[],
    held: Map<string, Hold>,
  ): Promise<Moved> {
    const ready = await this.moves.finishMany([...new Set(reservationIds)].map((r) => held.get(r)!));
    const restoring = ready.filter((h) => h.status === 'CANCELLED').map((h) => h.id);
    const ran = await this.moves.runMany(orgId, restoring, (h) =>
      h.status === 'CANCELLED' && h.warehouseId && !h.kitLevel ? restoreAndCommit(h, saleOf(order, h)) : undefined,
    );
    const results = ready.map((hold): Outcome => {
      if (hold.status !== 'CANCELLED')
        return skipped(hold, hold.status === 'COMMITTED' ? 'already_committed' : 'not_cancelled');
      const { hold: after, made } = ran.get(hold.id)!;
      if (after.pendingMove) throw dependencyUnavailable('inventory');
      return after.status === 'COMMITTED' && made
        ? { reservationId: hold.id, outcome: 'committed', reason: null }
        : skipped(after, restoreSkip(after));
    });
    return { results, after: ready.map((h) => ran.get(h.id)?.hold ?? h) };
  }
}
