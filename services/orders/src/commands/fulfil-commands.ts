import type { FulfillOrder, FulfillResult } from '@stockyard/contracts';
import { dependencyUnavailable, notFound } from '@stockyard/service-kit';
import { moveTo } from '../domain/change-status';
import { isDropship, isOpen, type Hold } from '../domain/hold';
import { foreignHolds, orderNotFulfillable } from '../domain/hold.errors';
import { commitHold, restoreAndCommit } from '../domain/hold-plans';
import type { Order } from '../domain/order';
import { fulfilmentOf } from '../domain/order-fulfilment';
import { orderTrashed } from '../domain/order.errors';
import type { HoldRepository } from '../store/hold.repository';
import type { OrderReads, OrderStore } from '../store/order.repository';
import type { FulfilmentRefresh } from './fulfilment-refresh';
import type { HoldMoves } from './hold-moves';

type Outcome = FulfillResult['results'][number];
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
 * COMMITTED and skip it; the deduct's key is the hold's, so a replay moves stock once.
 */
export class FulfilCommands {
  constructor(
    private readonly store: OrderStore,
    private readonly orders: OrderReads,
    private readonly holds: HoldRepository,
    private readonly moves: HoldMoves,
    private readonly fulfilment: FulfilmentRefresh,
  ) {}

  /** The call's answer: the order marked (a fulfil call was made) and its fulfilment brought up to its holds. */
  private async answer(orgId: string, order: Order, results: Outcome[]): Promise<FulfillResult> {
    const marked = (await this.fulfilment.refresh(orgId, [order.id], { called: true })).get(order.id) ?? order;
    return { orderId: order.id, status: marked.status, fulfillmentStatus: fulfilmentOf(marked).status, results };
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

  async fulfill(orgId: string, id: string, body: FulfillOrder): Promise<FulfillResult> {
    if (!(await this.orders.find(orgId, id))) throw notFound('Order');
    const order = await this.fulfillable(orgId, id);
    const lines = body.lines ? new Set(body.lines) : undefined;
    const chosen = (await this.holds.ofOrder(orgId, id)).filter(
      (h) =>
        (!lines || lines.has(h.lineId) || (h.kitParentLineId && lines.has(h.kitParentLineId))) &&
        (!body.warehouseId || h.warehouseId === body.warehouseId),
    );
    return this.answer(orgId, order, await this.fulfillHolds(orgId, chosen));
  }

  /**
   * Each hold committed and its stock deducted (a SALE), together: the moves in flight finished in
   * one call, the deducts planned in one batched change and asked of inventory in one call.
   */
  private async fulfillHolds(orgId: string, chosen: Hold[]): Promise<Outcome[]> {
    const ready = await this.moves.finishMany(chosen);
    const early = new Map<string, Outcome>();
    for (const hold of ready) {
      if (!isOpen(hold))
        early.set(hold.id, skipped(hold, hold.status === 'COMMITTED' ? 'already_committed' : 'cancelled'));
      else if (notDeductable(hold)) early.set(hold.id, skipped(hold, notDeductable(hold)!));
    }
    const deducting = ready.filter((h) => !early.has(h.id)).map((h) => h.id);
    const ran = await this.moves.runMany(orgId, deducting, (h) =>
      isOpen(h) && !notDeductable(h) ? commitHold(h, true) : undefined,
    );
    return ready.map((hold) => {
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
  }

  /**
   * POST /orders/{id}/restore-and-fulfill-holds: each CANCELLED hold named restored and deducted (a
   * SALE), together: the moves in flight finished in one call, the restores planned in one batched
   * change and their deducts asked of inventory in one call.
   */
  async restoreAndFulfill(orgId: string, id: string, reservationIds: string[]): Promise<FulfillResult> {
    if (!(await this.orders.find(orgId, id))) throw notFound('Order');
    const held = new Map((await this.holds.ofOrder(orgId, id)).map((h) => [h.id, h]));
    const foreign = reservationIds.filter((r) => !held.has(r));
    if (foreign.length > 0) throw foreignHolds(foreign);
    const order = await this.fulfillable(orgId, id);
    const ready = await this.moves.finishMany([...new Set(reservationIds)].map((r) => held.get(r)!));
    const restoring = ready.filter((h) => h.status === 'CANCELLED').map((h) => h.id);
    const ran = await this.moves.runMany(orgId, restoring, (h) =>
      h.status === 'CANCELLED' && h.warehouseId && !h.kitLevel ? restoreAndCommit(h) : undefined,
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
    return this.answer(orgId, order, results);
  }
}
