import type { AllocationMethod, InternalPurchaseOrder } from '@stockyard/contracts';
import { largestRemainder, type Share } from './allocation';
import { toCents, toUnits } from '@stockyard/contracts';

export interface Allocation {
  purchaseOrderLineId: string;
  amount: number;
}

export interface LandedCost {
  id: string;
  orgId: string;
  version: number;
  purchaseOrderId: string;
  description: string;
  amount: number;
  allocationMethod: AllocationMethod;
  invoiceId: string | null;
  allocations: Allocation[];
  allocatedAt: Date | null;
  /** Set by DELETE: the cost stays as a tombstone that carries its last event, hidden from every read. */
  deletedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Weights have at most 6 decimals here: scaled to integers, multiplied exactly with quantity units. */
const WEIGHT_SCALE = 1_000_000;

const BASE_NAMES: Record<Exclude<AllocationMethod, 'MANUAL'>, string> = {
  BY_VALUE: 'the received value of the order',
  BY_QUANTITY: 'the received quantity of the order',
  BY_WEIGHT: 'the received weight of the order (received quantity × variant weight)',
};

/** Each PO line's share of a computed allocation: received value, quantity or weight; in the order's order. */
function sharesOf(
  po: InternalPurchaseOrder,
  method: Exclude<AllocationMethod, 'MANUAL'>,
  weights: ReadonlyMap<string, number | null>,
): Share[] {
  return po.lines.map((line, rank) => {
    const received = BigInt(Math.max(0, toUnits(line.receivedQuantity)));
    const weight = weights.get(line.variantId) ?? null;
    const factor =
      method === 'BY_VALUE'
        ? BigInt(toCents(line.unitCost))
        : method === 'BY_QUANTITY'
          ? 1n
          : BigInt(weight === null || weight < 0 ? 0 : Math.round(weight * WEIGHT_SCALE));
    return { key: line.id, rank, weight: received * factor };
  });
}

/** The allocation of `amount` over the order's lines by `method`, one entry per line (0 for a line with no base). */
export function computeAllocations(
  amount: number,
  po: InternalPurchaseOrder,
  method: Exclude<AllocationMethod, 'MANUAL'>,
  weights: ReadonlyMap<string, number | null>,
): Allocation[] {
  const cents = largestRemainder(toCents(amount), sharesOf(po, method, weights), BASE_NAMES[method]);
  return po.lines.map((line) => ({ purchaseOrderLineId: line.id, amount: cents.get(line.id)! / 100 }));
}
