import type { Logger } from '@stockyard/service-kit';
import { shortOf } from '../domain/hold';
import { topUp, topUpOrder } from '../domain/hold-plans';
import type { HoldReads } from '../store/hold.repository';
import type { HoldMoves } from './hold-moves';

/** Open holds of a variant one top-up pass examines at most. */
const TOP_UP_READ = 500;

/**
 * Short holds topped up when a variant's available stock rose, whatever raised it (a receipt, an
 * adjustment, a transfer, another hold released): each short open hold of the variant, in
 * `topUpOrder`, is reserved what it lacks as far as its warehouse has available (inventory's
 * per-warehouse read), with the hold's next key (`<holdId>:<n>`) written on the hold first
 * (HoldMoves). A hold never asks for more than it lacks, and a move in flight on it is finished,
 * never doubled; a redelivered event finds less or nothing short.
 */
export class HoldTopUps {
  constructor(
    private readonly holds: HoldReads,
    private readonly moves: HoldMoves,
    private readonly logger: Logger,
  ) {}

  /** Answers how much it reserved. Inventory away: rejects (the consumer retries the event). */
  async topUpVariant(orgId: string, variantId: string): Promise<number> {
    const open = await this.holds.openInWarehouses(orgId, variantId, TOP_UP_READ);
    const short = topUpOrder(open.filter((h) => shortOf(h) > 0));
    if (short.length === 0) return 0;
    const levels = await this.moves.stock.reorderLevels(orgId, { variantIds: [variantId] });
    const available = new Map(
      levels.data.filter((l) => l.variantId === variantId).map((l) => [l.warehouseId, l.available]),
    );
    let reserved = 0;
    for (const hold of short) {
      const warehouseId = hold.warehouseId!;
      const left = available.get(warehouseId) ?? 0;
      if (left <= 0) continue;
      const { hold: after, made } = await this.moves.run(orgId, hold.id, (h) =>
        h.warehouseId === warehouseId ? topUp(h, Math.min(shortOf(h), left)) : undefined,
      );
      const gained = Math.max(0, after.reservedQuantity - hold.reservedQuantity);
      reserved += gained;
      // A refused reserve (someone took the stock meanwhile) leaves the warehouse to the next event.
      available.set(warehouseId, made && gained === 0 ? 0 : left - gained);
    }
    this.logger.debug?.({ variantId, reserved }, 'short holds topped up');
    return reserved;
  }
}
