import type { TypedEvent } from '@stockyard/contracts';
import type { HoldTopUps } from '../../commands/hold-top-ups';

/**
 * Whether a variant's available stock rose (to above 0): only then can a short hold take more. A
 * fall (a reserve, a sale: most of these events) frees nothing and is skipped before any read.
 */
export const stockRose = ({ payload }: TypedEvent<'inventory.availability_changed'>): boolean =>
  payload.newAvailable > payload.oldAvailable && payload.newAvailable > 0;

/**
 * inventory.availability_changed (queue `orders.hold_top_ups`), when the stock rose: the variant's
 * short holds are topped up (commands/hold-top-ups.ts). Idempotent: a replay tops up only what is
 * still short, with fresh keys.
 */
export const holdTopUpHandler =
  (topUps: HoldTopUps) =>
  async (event: TypedEvent<'inventory.availability_changed'>): Promise<void> => {
    if (stockRose(event)) await topUps.topUpVariant(event.payload.orgId, event.payload.variantId);
  };
