import type { ExportRows, InventoryClient, Reservation, ReservationStatusAnswer } from '@stockyard/contracts';
import { callPeer, notFound } from '@stockyard/service-kit';
import { isOpen, shortOf, type Hold } from '../domain/hold';
import { availabilityKey, kitShortOf } from '../domain/kit-shortfall';
import { completeness, HOLDING_STATUSES, type LeavesOf } from '../domain/hold-completeness';
import { holdView } from '../domain/hold-view';
import type { Order } from '../domain/order';
import type { CatalogSources } from '../peers/catalog-sources';
import type { PurchaseDates } from '../peers/purchase-dates';
import type { HoldFilters, HoldReads } from '../store/hold.repository';
import type { OrderReads } from '../store/order.repository';

/** Open orders pending-reservations examines at most per call (newest ordered first). */
const PENDING_SCAN = 500;

/** The holds' queries: an order's holds, whether they are complete, the orders whose holds are not. */
export class HoldQueries {
  constructor(
    private readonly orders: OrderReads,
    private readonly holds: HoldReads,
    private readonly sources: CatalogSources,
    private readonly purchaseDates: PurchaseDates,
    private readonly stock: Pick<InventoryClient, 'reorderLevels'>,
  ) {}

  private async order(orgId: string, id: string): Promise<Order> {
    const order = await this.orders.find(orgId, id);
    if (!order) throw notFound('Order');
    return order;
  }

  /** The order's holds. */
  async ofOrder(orgId: string, id: string): Promise<{ data: Reservation[] }> {
    await this.order(orgId, id);
    return { data: await this.views(orgId, await this.holds.ofOrder(orgId, id)) };
  }

  /** An export's page of holds (issue #41): any status, by the filters, oldest first, as an order's list shows them. */
  async exportPage(orgId: string, filters: HoldFilters, after: string | null, limit: number): Promise<ExportRows> {
    const { holds, next } = await this.holds.exportPage(orgId, filters, after, limit);
    return { rows: await this.views(orgId, holds), next };
  }

  /** The holds as partners see them: one still short and linked to a purchase order shows its expected date. */
  private async views(orgId: string, holds: Hold[]): Promise<Reservation[]> {
    const awaited = holds.filter((h) => h.purchaseOrderId && shortOf(h) > 0).map((h) => h.purchaseOrderId!);
    const dates = await this.purchaseDates(orgId, [...new Set(awaited)]);
    const expected = (h: Hold) => (h.purchaseOrderId && shortOf(h) > 0 ? (dates.get(h.purchaseOrderId) ?? null) : null);
    const kitShort = await this.kitShortfalls(orgId, holds);
    return holds.map((h) => holdView(h, expected(h), kitShort(h)));
  }

  /** What each open kit-level hold's leaves lack in its warehouse: one catalog and one inventory read. */
  private async kitShortfalls(orgId: string, holds: Hold[]): Promise<(hold: Hold) => number | undefined> {
    const kits = holds.filter((h) => h.kitLevel && isOpen(h) && h.warehouseId);
    if (kits.length === 0) return () => undefined;
    const leaves = await this.sources.leaves(orgId, [...new Set(kits.map((h) => h.variantId))]);
    const leavesOf: LeavesOf = new Map(leaves.map((l) => [l.variantId, l.leaves]));
    const leafIds = [...new Set(leaves.flatMap((l) => l.leaves.map((leaf) => leaf.variantId)))];
    if (leafIds.length === 0) return () => undefined;
    const levels = await callPeer(
      'inventory',
      () => this.stock.reorderLevels(orgId, { variantIds: leafIds }),
      'unavailable',
    );
    const available = new Map(levels.data.map((l) => [availabilityKey(l.variantId, l.warehouseId), l.available]));
    return (hold) => kitShortOf(hold, leavesOf, available);
  }

  /** Holds by id, any status (purchasing's read). */
  byIds(orgId: string, ids: string[]): Promise<Hold[]> {
    return this.holds.byIds(orgId, ids);
  }

  /** Open holds of these variants, at most `limit` (purchasing's read). */
  openOf(orgId: string, variantIds: string[], limit: number): Promise<Hold[]> {
    return this.holds.openOf(orgId, variantIds, limit);
  }

  /** How many open holds each variant has (the catalog's read: a conversion's blocker). */
  openCountOf(orgId: string, variantIds: string[]): Promise<Map<string, number>> {
    return this.holds.openCountOf(orgId, variantIds);
  }

  async status(orgId: string, id: string): Promise<ReservationStatusAnswer> {
    const order = await this.order(orgId, id);
    const [answer] = await this.statuses([order], await this.holds.ofOrder(orgId, id));
    return answer!;
  }

  /** The kits' leaves of these orders' BUNDLE lines, in one catalog call. */
  private async leavesOf(orders: Order[]): Promise<LeavesOf> {
    const kits = [
      ...new Set(orders.flatMap((o) => o.lines.filter((l) => l.productType === 'BUNDLE').map((l) => l.variantId!))),
    ];
    const leaves = await this.sources.leaves(orders[0]?.orgId ?? '', kits);
    return new Map(leaves.map((l) => [l.variantId, l.leaves]));
  }

  private async statuses(orders: Order[], holds: Hold[]): Promise<ReservationStatusAnswer[]> {
    const leaves = await this.leavesOf(orders);
    return orders.map((o) =>
      completeness(
        o,
        holds.filter((h) => h.orderId === o.id),
        leaves,
      ),
    );
  }

  /**
   * GET /orders/pending-reservations: orders still to fulfil whose holds are missing or short, newest
   * ordered first, at most `limit`, from the PENDING_SCAN newest open orders.
   */
  async pending(orgId: string, limit: number): Promise<ReservationStatusAnswer[]> {
    const ids = await this.orders.newestIn(orgId, HOLDING_STATUSES, PENDING_SCAN);
    const orders = await this.orders.byIds(orgId, ids);
    const holds = await this.holds.ofOrders(
      orgId,
      orders.map((o) => o.id),
    );
    const answers = await this.statuses(orders, holds);
    const order = new Map(ids.map((id, i) => [id, i]));
    return answers
      .filter((a) => !a.complete || a.short.length > 0)
      .sort((a, b) => order.get(a.orderId)! - order.get(b.orderId)!)
      .slice(0, limit);
  }
}
