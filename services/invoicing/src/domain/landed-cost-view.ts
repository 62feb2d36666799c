import type { LandedCost as LandedCostWire } from '@stockyard/contracts';
import { iso } from './calendar';
import type { LandedCost } from './landed-cost';

export const landedCostView = (cost: LandedCost): LandedCostWire => ({
  id: cost.id,
  purchaseOrderId: cost.purchaseOrderId,
  description: cost.description,
  amount: cost.amount,
  allocationMethod: cost.allocationMethod,
  invoiceId: cost.invoiceId,
  allocations: cost.allocations.map((a) => ({ purchaseOrderLineId: a.purchaseOrderLineId, amount: a.amount })),
  allocatedAt: iso(cost.allocatedAt),
  createdAt: iso(cost.createdAt)!,
  updatedAt: iso(cost.updatedAt)!,
});
