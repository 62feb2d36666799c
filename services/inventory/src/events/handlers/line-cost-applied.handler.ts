import type { TypedEvent } from '@stockyard/contracts';
import type { StockCommands } from '../../commands/stock-commands';
import { applyLineCost, type LineCostRevision } from '../../domain/apply-line-cost';

export const LINE_COST_EVENTS = ['landed_cost.applied', 'invoice_variance.applied'] as const;
type LineCostEvent = TypedEvent<(typeof LINE_COST_EVENTS)[number]>;

/** The event as a revision of its source's line costs: a landed cost's allocations or an invoice's variances. */
const revisionOf = (event: LineCostEvent): LineCostRevision =>
  event.name === 'landed_cost.applied'
    ? { kind: 'LANDED_COST', sourceId: event.payload.landedCostId, ...event.payload }
    : { kind: 'COST_VARIANCE', sourceId: event.payload.invoiceId, ...event.payload };

/**
 * Puts invoicing's internal `landed_cost.applied` or `invoice_variance.applied` on its lines' cost
 * layers (domain/apply-line-cost.ts, one path for both): one batched change of the lines'
 * variants' levels, each recording what it applied, dated as the source's write. A level that
 * failed throws, so the event is retried.
 */
export const lineCostAppliedHandler =
  (commands: Pick<StockCommands, 'applyMany'>) =>
  async (event: LineCostEvent): Promise<void> => {
    const change = revisionOf(event);
    const at = new Date(event.occurredAt);
    const variantIds = [...new Set(change.lines.map((l) => l.variantId))];
    const outcomes = await commands.applyMany(event.payload.orgId, variantIds, (level) =>
      applyLineCost(level, change, at),
    );
    const failed = [...outcomes.values()].find((o) => !o.ok);
    if (failed && !failed.ok) throw failed.error;
  };
