import type { LinkedHold } from '@stockyard/contracts';
import { linkHolds, type Hold } from '../domain/order-extras';
import { purchaseOrderStates } from '../domain/purchase-order-states';
import type { HoldLookup } from '../ports';
import type { PurchaseOrderStore } from '../store/purchase-order.repository';
import type { PurchaseOrderCommands } from './purchase-order-commands';

const view = (hold: Hold, lineId: string | null): LinkedHold => ({
  id: hold.id,
  orderId: hold.orderId,
  variantId: hold.variantId,
  quantity: hold.quantity,
  status: hold.status,
  lineId,
});

/** Customer-order holds linked to the order's lines, through the holds port (ports.ts). */
export class HoldCommands {
  constructor(
    private readonly store: PurchaseOrderStore,
    private readonly commands: PurchaseOrderCommands,
    private readonly holds: HoldLookup,
  ) {}

  async link(orgId: string, id: string, lineId: string, reservationIds: string[]) {
    await this.commands.get(orgId, id);
    const found = await this.holds.holds(orgId, reservationIds);
    // Orders is told from the write's outbox (store/hold-link-tells.ts): now, and by the relay until it takes it.
    return (await this.store.change(orgId, id, (po) => linkHolds(po, lineId, reservationIds, found))).state;
  }

  /** The holds linked to the order's lines, as the orders service knows them now. */
  async linked(orgId: string, id: string): Promise<LinkedHold[]> {
    const po = await this.commands.get(orgId, id);
    const lineOf = new Map(po.lines.flatMap((l) => l.reservationIds.map((r) => [r, l.id] as const)));
    if (lineOf.size === 0) return [];
    const found = await this.holds.holds(orgId, [...lineOf.keys()]);
    return found.map((h) => view(h, lineOf.get(h.id) ?? null));
  }

  /** Open holds of the order's variants not linked yet (none while the order cannot link). */
  async linkable(orgId: string, id: string): Promise<LinkedHold[]> {
    const po = await this.commands.get(orgId, id);
    if (po.deletedAt || !purchaseOrderStates.can(po.status, 'link_holds')) return [];
    const linked = new Set(po.lines.flatMap((l) => l.reservationIds));
    const variantIds = [...new Set(po.lines.map((l) => l.variantId))];
    const open = variantIds.length ? await this.holds.openHoldsOf(orgId, variantIds) : [];
    return open.filter((h) => h.open && !linked.has(h.id)).map((h) => view(h, null));
  }
}
