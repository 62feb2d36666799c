import type { Logger } from '@stockyard/service-kit';
import { isOpen, newHold, shortOf, wantsHold, type Hold } from '../domain/hold';
import type { Order } from '../domain/order';
import { fulfilmentMayMove, withFulfilment } from '../domain/order-fulfilment';
import type { CatalogReads } from '../peers/catalog-reads';
import type { HoldReads, HoldStore } from '../store/hold.repository';
import type { OrderReads } from '../store/order.repository';
import { cancelHold, topUp } from '../domain/hold-plans';
import type { FulfilmentRefresh } from './fulfilment-refresh';
import type { HoldMoves } from './hold-moves';

/** Statuses whose orders get holds (a shipped order's goods have left; a cancelled one wants none). */
const HOLDING = new Set(['PENDING', 'PROCESSING', 'ON_HOLD']);

/**
 * Keeps an order's holds in step with the order (after each write of its status or lines, from
 * the order's own outbox, so a crash between the two is finished by the relay): a hold per
 * linked line while the order may still be fulfilled, each reserved in its channel's warehouse
 * as far as stock allows; every open hold released and CANCELLED once the order is cancelled.
 */
export class HoldSync {
  constructor(
    private readonly orders: OrderReads,
    private readonly store: HoldStore,
    private readonly holds: HoldReads,
    private readonly moves: HoldMoves,
    private readonly catalog: CatalogReads,
    private readonly logger: Logger,
    private readonly fulfilment: FulfilmentRefresh,
  ) {}

  /**
   * The order's holds brought in step with it (as `written`, the write that asked for this sync
   * made it, else as stored); then its fulfilment, if what it shows may move
   * (something was deducted, a fulfil call was made) and does, computed from its lines and the
   * holds as this sync left them. A sync that changed neither (a status change, reserves) writes
   * nothing more; a move that changes fulfilment (a deduct) has its own refresh (HoldMoves). The
   * refresh runs after the sync: the relay may run it while holding the order's lock
   * (FulfilmentRefresh.later).
   */
  async syncOrder(orgId: string, orderId: string, written?: Order): Promise<void> {
    const order = written ?? (await this.orders.find(orgId, orderId));
    if (!order) return;
    const holds = await this.holdsOf(order, written?.version === 1);
    if (!fulfilmentMayMove(order)) return;
    if (!holds || withFulfilment(order, holds, { now: new Date() }) !== order) this.fulfilment.later(orgId, [orderId]);
  }

  /**
   * The order's holds in step with it: answers them as the sync left them, or null when its cancels
   * failed. An order its first write just made (`created`) has none to read: its holds' ids are its
   * lines' (`createMissing`), and an insert that finds one there already (a retried sync's) reads them.
   */
  private async holdsOf(order: Order, created: boolean): Promise<readonly Hold[] | null> {
    const { orgId, id: orderId } = order;
    const held = created ? [] : await this.holds.ofOrder(orgId, orderId);
    await this.noteStatus(order, held);
    if (order.status === 'CANCELLED') {
      const open = held.filter(isOpen).map((h) => h.id);
      const ran = await this.settled(this.moves.runMany(orgId, open, (c) => (isOpen(c) ? cancelHold(c) : undefined)));
      return ran && held.map((h) => ran.get(h.id)?.hold ?? h);
    }
    if (!HOLDING.has(order.status) || order.deletedAt) return held;
    const all = (await this.createMissing(order, held)) ?? (await this.holds.ofOrder(orgId, orderId));
    // What a reserve changes of fulfilment (a dropship hold's stock) its settle refreshes (HoldMoves).
    await this.settled(this.reserveAll(all));
    return all;
  }

  /**
   * Waits for the holds' moves; what failed (inventory away) stays written on the holds for the
   * sweep, so the sync itself succeeds (the relay does not retry it for that). Null when they failed.
   */
  private async settled<T>(moves: Promise<T>): Promise<T | null> {
    return moves.catch((err: Error) => {
      this.logger.warn({ err: err.message }, 'hold moves left to the sweep');
      return null;
    });
  }

  /** The order's status on its open holds (how stale holds are found), in one batched change. */
  private async noteStatus(order: Order, held: Hold[]): Promise<void> {
    const behind = held.filter((h) => isOpen(h) && h.orderStatus !== order.status).map((h) => h.id);
    if (behind.length === 0) return;
    await this.store.changeMany(order.orgId, behind, (c) =>
      c.orderStatus === order.status ? {} : { state: { ...c, orderStatus: order.status } },
    );
  }

  /**
   * Reserves what the order's holds lack, together: their moves in flight (a new hold's first
   * reserve) in one call, then what is still short in one more; a hold refused as more than is
   * available then reserves what its warehouse has (`reserve`, one by one: the rare case).
   */
  private async reserveAll(holds: Hold[]): Promise<void> {
    const finished = await this.moves.finishMany(holds);
    const short = finished.filter((h) => !h.pendingMove && shortOf(h) > 0 && h.warehouseId).map((h) => h.id);
    if (short.length === 0) return;
    const ran = await this.moves.runMany(holds[0]!.orgId, short, (h) => topUp(h, shortOf(h)));
    const still = [...ran.values()].map((r) => r.hold).filter((h) => !h.pendingMove && shortOf(h) > 0);
    await Promise.all(still.map((h) => this.reserveAvailable(h)));
  }

  /**
   * A hold for each linked line that has none (a BUNDLE's is kit-level), in the channel's warehouse,
   * inserted with its first reserve already planned (`<id>:1`, one write fewer). Answers the order's
   * holds with the new ones as written, or undefined when they must be read (some ids were there
   * already: a retried sync's).
   */
  private async createMissing(order: Order, held: Hold[]): Promise<Hold[] | undefined> {
    const lines = new Set(held.map((h) => h.lineId));
    const wanting = order.lines.filter((l) => wantsHold(l) && !lines.has(l.id));
    if (wanting.length === 0) return held;
    const warehouseId = await this.warehouseOf(order);
    const holds = wanting.map((line) => {
      const kitLevel = line.productType === 'BUNDLE';
      const hold = newHold(order, line, { variantId: line.variantId!, warehouseId, kitLevel });
      const first = topUp({ ...hold, version: 0, createdAt: new Date(), updatedAt: new Date() }, hold.quantity);
      const planned = first?.move
        ? { reserves: first.state.reserves, pendingMove: { ...first.move, at: new Date() } }
        : {};
      return { ...hold, ...planned };
    });
    // One insert for them all, with one audit record; a retried sync's (same ids) are left as they are.
    const inserted = await this.store.createAll(holds);
    const made = holds.map((h) => this.store.remembered(order.orgId, h.id));
    return inserted.every(Boolean) && made.every((h): h is Hold => h !== undefined) ? [...held, ...made] : undefined;
  }

  /** The warehouse the order's channel ships from (null: none named, or the channel is gone). */
  async warehouseOf(order: Order): Promise<string | null> {
    return (await this.catalog.channel(order.orgId, order.channelId))?.warehouseId ?? null;
  }

  /**
   * Reserves what the hold lacks: all of it at once (the usual case), else, refused as more than
   * is available, what the warehouse has available (read from inventory) with the next key.
   */
  async reserve(hold: Hold): Promise<Hold> {
    let current = hold.pendingMove ? await this.moves.finish(hold) : hold;
    if (shortOf(current) <= 0 || !current.warehouseId) return current;
    current = (await this.moves.run(hold.orgId, hold.id, (h) => topUp(h, shortOf(h)))).hold;
    return this.reserveAvailable(current);
  }

  /** A hold refused its whole shortfall: what its warehouse has available (read from inventory), with the next key. */
  private async reserveAvailable(hold: Hold): Promise<Hold> {
    if (shortOf(hold) <= 0 || !hold.warehouseId) return hold;
    const available = await this.availableIn(hold);
    if (available <= 0) return hold;
    return (await this.moves.run(hold.orgId, hold.id, (h) => topUp(h, Math.min(shortOf(h), available)))).hold;
  }

  private async availableIn(hold: Hold): Promise<number> {
    try {
      const levels = await this.moves.stock.reorderLevels(hold.orgId, {
        warehouseId: hold.warehouseId!,
        variantIds: [hold.variantId],
      });
      return levels.data.find((l) => l.warehouseId === hold.warehouseId)?.available ?? 0;
    } catch (err) {
      this.logger.warn({ holdId: hold.id, err: (err as Error).message }, 'availability read failed');
      return 0;
    }
  }
}
