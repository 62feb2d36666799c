import { isOpen, type Hold } from '../domain/hold';
import type { HoldReads, HoldStore } from '../store/hold.repository';

/**
 * Purchase-order links, as purchasing tells them after linking (its own write first): each open
 * hold named remembers the purchase-order line (refresh-holds then refuses its line; expand-kits
 * leaves it alone). A hold closed since is left as it is. Linking again changes nothing.
 */
export class HoldLinks {
  constructor(
    private readonly store: HoldStore,
    private readonly holds: HoldReads,
  ) {}

  async link(orgId: string, ids: string[], purchaseOrderId: string, purchaseOrderLineId: string): Promise<Hold[]> {
    const found = await this.holds.byIds(orgId, ids);
    return Promise.all(
      found.map(async (hold) => {
        const changed = await this.store.change(orgId, hold.id, (h) =>
          isOpen(h) && h.purchaseOrderLineId !== purchaseOrderLineId
            ? { state: { ...h, purchaseOrderId, purchaseOrderLineId } }
            : {},
        );
        return changed.state;
      }),
    );
  }
}
