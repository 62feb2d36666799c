import type { Reservation } from '@stockyard/contracts';
import { callPeer, notFound } from '@stockyard/service-kit';
import { isOpen, type Hold } from '../domain/hold';
import { sourceNotOffering, unknownSource } from '../domain/hold.errors';
import { allocateHold, cancelHold, deallocateHold } from '../domain/hold-plans';
import { holdStates } from '../domain/hold-states';
import { holdView } from '../domain/hold-view';
import type { CatalogSources } from '../peers/catalog-sources';
import type { HoldReads, HoldStore } from '../store/hold.repository';
import type { OrderReads } from '../store/order.repository';
import type { FulfilmentRefresh } from './fulfilment-refresh';
import type { HoldMoves } from './hold-moves';

type StaleOutcome = { reservationId: string; outcome: 'released' | 'would_release' | 'skipped'; reason: string | null };

/** One hold's use cases: allocate to a source, deallocate, where it could come from; stale holds. */
export class HoldCommands {
  constructor(
    private readonly orders: OrderReads,
    private readonly store: HoldStore,
    private readonly holds: HoldReads,
    private readonly moves: HoldMoves,
    private readonly sources: CatalogSources,
    private readonly fulfilment: FulfilmentRefresh,
  ) {}

  async get(orgId: string, id: string): Promise<Hold> {
    const hold = await this.holds.find(orgId, id);
    if (!hold) throw notFound('Reservation');
    return hold;
  }

  /** POST /reservations/{id}/allocate: a live source channel offering the hold's variant. */
  async allocate(orgId: string, id: string, sourceChannelId: string): Promise<Reservation> {
    const hold = await this.get(orgId, id);
    holdStates.next(hold.status, 'allocate');
    if (!(await this.sources.source(orgId, sourceChannelId))) throw unknownSource(sourceChannelId);
    const offers = await this.sources.offers(orgId, hold.variantId, sourceChannelId);
    if (!offers.some((o) => o.sourceChannelId === sourceChannelId)) {
      throw sourceNotOffering(sourceChannelId, hold.variantId);
    }
    const changed = await this.store.change(orgId, id, (h) => ({ state: allocateHold(h, sourceChannelId) }));
    // A line whose holds all ship from a source holds no stock: its order's fulfilment leaves it out.
    await this.fulfilment.refresh(orgId, [changed.state.orderId]);
    return holdView(changed.state);
  }

  /** POST /reservations/{id}/deallocate: ALLOCATED back to PENDING, the source forgotten. */
  async deallocate(orgId: string, id: string): Promise<Reservation> {
    await this.get(orgId, id);
    const changed = await this.store.change(orgId, id, (h) => ({ state: deallocateHold(h) }));
    await this.fulfilment.refresh(orgId, [changed.state.orderId]);
    return holdView(changed.state);
  }

  /** GET /reservations/{id}/available-sources: the sources offering the variant, and the warehouses holding it. */
  async availableSources(orgId: string, id: string) {
    const hold = await this.get(orgId, id);
    const offers = await this.sources.offers(orgId, hold.variantId);
    const ids = [...new Set(offers.map((o) => o.sourceChannelId))];
    const lead = new Map<string, number | null>();
    await Promise.all(ids.map(async (s) => lead.set(s, (await this.sources.source(orgId, s))?.leadTimeDays ?? null)));
    const levels = await callPeer(
      'inventory',
      () => this.moves.stock.reorderLevels(orgId, { variantIds: [hold.variantId] }),
      'unavailable',
    );
    return {
      reservationId: hold.id,
      variantId: hold.variantId,
      sources: offers.map((o) => ({
        sourceChannelId: o.sourceChannelId,
        cost: o.cost,
        availableQuantity: o.availableQuantity,
        leadTimeDays: lead.get(o.sourceChannelId) ?? null,
      })),
      warehouses: levels.data
        .filter((l) => l.onHand > 0)
        .map((l) => ({ warehouseId: l.warehouseId, onHand: l.onHand, available: l.available })),
    };
  }

  /**
   * POST /orders/release-stale-holds: open holds on orders that shipped (the order read again to
   * be sure) → CANCELLED and released; a dry run only says which. At most `limit` holds examined.
   */
  async releaseStale(orgId: string, body: { dryRun: boolean; limit: number }) {
    const stale = await this.holds.stale(orgId, body.limit);
    const orders = new Map(
      (await this.orders.byIds(orgId, [...new Set(stale.map((h) => h.orderId))])).map((o) => [o.id, o]),
    );
    const results: StaleOutcome[] = await Promise.all(
      stale.map(async (hold): Promise<StaleOutcome> => {
        const status = orders.get(hold.orderId)?.status;
        if (status !== 'SHIPPED' && status !== 'DELIVERED') {
          return { reservationId: hold.id, outcome: 'skipped', reason: 'order_not_shipped' };
        }
        if (body.dryRun) return { reservationId: hold.id, outcome: 'would_release', reason: null };
        const { hold: after, made } = await this.moves.run(orgId, hold.id, (c) =>
          isOpen(c) ? cancelHold(c) : undefined,
        );
        return made && !isOpen(after)
          ? { reservationId: hold.id, outcome: 'released', reason: null }
          : { reservationId: hold.id, outcome: 'skipped', reason: 'no_longer_open' };
      }),
    );
    const released = results.filter((r) => r.outcome === 'released').length;
    // A released dropship hold leaves its line holding stock again (unfulfilled): one refresh of their orders.
    const releasedOrders = stale.filter((h, i) => results[i]!.outcome === 'released').map((h) => h.orderId);
    if (releasedOrders.length > 0) await this.fulfilment.refresh(orgId, releasedOrders);
    return { dryRun: body.dryRun, examined: stale.length, released, results };
  }
}
