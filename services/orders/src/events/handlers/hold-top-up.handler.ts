import type { TypedEvent } from '@stockyard/contracts';
import type { HoldTopUps } from '../../commands/hold-top-ups';

/**
 * inventory.availability_changed (queue `orders.hold_top_ups`): when a variant's available stock
 * rose, its short holds are topped up (commands/hold-top-ups.ts). A fall (a reserve, a sale) frees
 * nothing: skipped. Idempotent: a replay tops up only what is still short, with fresh keys.
 */
export const holdTopUpHandler =
  (topUps: HoldTopUps) =>
  async ({ payload }: TypedEvent<'inventory.availability_changed'>): Promise<void> => {
    if (payload.newAvailable <= payload.oldAvailable || payload.newAvailable <= 0) return;
    await topUps.topUpVariant(payload.orgId, payload.variantId);
  };
