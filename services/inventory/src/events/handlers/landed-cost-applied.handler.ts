import type { TypedEvent } from '@stockyard/contracts';
import type { StockCommands } from '../../commands/stock-commands';
import { applyLandedCost } from '../../domain/apply-landed-cost';

export const LANDED_COST_EVENTS = ['landed_cost.applied'] as const;

/**
 * Puts a landed cost's revision on its lines' cost layers (invoicing's internal
 * `landed_cost.applied`): one batched change of the lines' variants' levels, each recording what
 * it applied, dated as the cost's write. A level that failed throws, so the event is retried.
 */
export const landedCostAppliedHandler =
  (commands: Pick<StockCommands, 'applyMany'>) =>
  async (event: TypedEvent<(typeof LANDED_COST_EVENTS)[number]>): Promise<void> => {
    const { orgId, lines } = event.payload;
    const at = new Date(event.occurredAt);
    const variantIds = [...new Set(lines.map((l) => l.variantId))];
    const outcomes = await commands.applyMany(orgId, variantIds, (level) => applyLandedCost(level, event.payload, at));
    const failed = [...outcomes.values()].find((o) => !o.ok);
    if (failed && !failed.ok) throw failed.error;
  };
