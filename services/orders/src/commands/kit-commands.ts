import { isDuplicateKeyError, notFound } from '@stockyard/service-kit';
import { isOpen, newHold, type Hold, type NewHold } from '../domain/hold';
import { holdsNotRefreshable, orderFinished } from '../domain/hold.errors';
import { cancelHold } from '../domain/hold-plans';
import { holdView } from '../domain/hold-view';
import type { Order } from '../domain/order';
import { lineNotFound } from '../domain/order.errors';
import type { CatalogReads } from '../peers/catalog-reads';
import type { CatalogSources } from '../peers/catalog-sources';
import type { HoldReads, HoldStore } from '../store/hold.repository';
import type { OrderReads } from '../store/order.repository';
import type { FulfilmentRefresh } from './fulfilment-refresh';
import type { HoldMoves } from './hold-moves';
import type { HoldSync } from './hold-sync';

const SHIPPED = new Set(['PARTIALLY_SHIPPED', 'SHIPPED', 'DELIVERED']);
const FINISHED = new Set(['SHIPPED', 'DELIVERED', 'CANCELLED']);

/** Kits and rebuilding a line's holds: expand-kits, refresh-holds. */
export class KitCommands {
  constructor(
    private readonly orders: OrderReads,
    private readonly store: HoldStore,
    private readonly holds: HoldReads,
    private readonly moves: HoldMoves,
    private readonly sync: HoldSync,
    private readonly catalog: CatalogReads,
    private readonly sources: CatalogSources,
    private readonly fulfilment: FulfilmentRefresh,
  ) {}

  private async order(orgId: string, id: string): Promise<Order> {
    const order = await this.orders.find(orgId, id);
    if (!order) throw notFound('Order');
    return order;
  }

  /** Creates the hold unless one of its id exists (its id is known in advance: a repeat makes it once). */
  private async createIfAbsent(hold: NewHold): Promise<void> {
    try {
      await this.store.create(hold);
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
  }

  private cancel(hold: Hold) {
    return this.moves.run(hold.orgId, hold.id, (c) => (isOpen(c) ? cancelHold(c) : undefined));
  }

  /**
   * POST /orders/{id}/reservations/expand-kits: each open kit-level hold replaced by a hold per leaf
   * component (the catalog's leaves, nested kits flattened, quantities multiplied), reserved; the
   * kit-level hold CANCELLED (it reserved nothing). The leaf holds' ids are known in advance, so a
   * repeat (or a retry after a crash) makes them once. Left alone and reported: holds of a shipped
   * order, PO-linked ones, kits without components.
   */
  async expandKits(orgId: string, id: string) {
    const order = await this.order(orgId, id);
    const kits = (await this.holds.ofOrder(orgId, id)).filter((h) => h.kitLevel && isOpen(h));
    const leaves = new Map(
      (await this.sources.leaves(orgId, [...new Set(kits.map((k) => k.variantId))])).map((l) => [l.variantId, l]),
    );
    const expanded: { reservationId: string; into: string[] }[] = [];
    const skipped: { reservationId: string; reason: string }[] = [];
    for (const kit of kits) {
      const found = leaves.get(kit.variantId);
      const rows = found?.productType === 'BUNDLE' ? found.leaves : [];
      const reason = SHIPPED.has(order.status)
        ? 'shipped'
        : kit.purchaseOrderLineId
          ? 'po_linked'
          : rows.length === 0
            ? 'no_components'
            : null;
      if (reason) {
        skipped.push({ reservationId: kit.id, reason });
        continue;
      }
      const made = rows.map((leaf) =>
        newHold(
          order,
          { id: kit.lineId, quantity: kit.quantity, shippedQuantity: 0 },
          {
            variantId: leaf.variantId,
            warehouseId: kit.warehouseId,
            generation: kit.generation,
            leafQuantity: leaf.quantity,
          },
          kit.lineId,
        ),
      );
      await Promise.all(made.map((h) => this.createIfAbsent(h)));
      await this.cancel(kit);
      expanded.push({ reservationId: kit.id, into: made.map((h) => h.id) });
    }
    const all = await this.holds.ofOrder(orgId, id);
    await Promise.all(all.filter((h) => isOpen(h) && !h.kitLevel).map((h) => this.sync.reserve(h)));
    return { orderId: id, expanded, skipped };
  }

  /**
   * POST /orders/{id}/lines/{lineId}/refresh-holds: the line's open holds released and CANCELLED and
   * a new generation made from the catalog's current variant (a BUNDLE's as a kit-level hold), in the
   * channel's current warehouse, reserved. Refused on a finished order, and for a line with a
   * COMMITTED or PO-linked hold (409).
   */
  async refreshHolds(orgId: string, id: string, lineId: string) {
    const order = await this.order(orgId, id);
    if (FINISHED.has(order.status)) throw orderFinished(order.status);
    const line = order.lines.find((l) => l.id === lineId);
    if (!line) throw lineNotFound(lineId);
    const held = (await this.holds.ofOrder(orgId, id)).filter((h) => h.lineId === lineId);
    if (held.some((h) => h.status === 'COMMITTED')) throw holdsNotRefreshable('a hold of the line is committed');
    if (held.some((h) => h.purchaseOrderLineId && isOpen(h))) {
      throw holdsNotRefreshable('a hold of the line is linked to a purchase order');
    }
    const [variant] = line.variantId ? await this.catalog.variants(orgId, { ids: [line.variantId], skus: [] }) : [];
    const cancelled = held.filter(isOpen);
    await Promise.all(cancelled.map((h) => this.cancel(h)));
    const generation = Math.max(-1, ...held.map((h) => h.generation)) + 1;
    let created: Hold[] = [];
    if (variant && line.quantity > line.shippedQuantity) {
      const warehouseId = await this.sync.warehouseOf(order);
      const kitLevel = variant.productType === 'BUNDLE';
      const hold = newHold(order, line, { variantId: variant.id, warehouseId, kitLevel, generation });
      await this.createIfAbsent(hold);
      created = [await this.sync.reserve((await this.holds.find(orgId, hold.id))!)];
    }
    // The line's holds changed (a dropship hold cancelled, a new one): what it shows may have too.
    await this.fulfilment.refresh(orgId, [id]);
    return {
      orderId: id,
      lineId,
      cancelled: cancelled.map((h) => h.id),
      created: created.map((h) => holdView(h)),
    };
  }
}
