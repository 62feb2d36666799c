import { isFinished, unshippedOf, withTotals, type Order } from './order';

/**
 * An order is blocked on a build while it is open and one of its ASSEMBLY lines wants more than
 * the assembly's available stock (on hand − reserved, every warehouse, as inventory last told
 * us: `assemblyStock`). Each order is compared alone with that stock (README, "Blocked on build").
 */
export function isBlockedOnBuild(order: Pick<Order, 'status' | 'lines' | 'assemblyStock'>): boolean {
  if (isFinished(order)) return false;
  return order.lines.some(
    (l) =>
      l.productType === 'ASSEMBLY' &&
      l.variantId !== null &&
      unshippedOf(l) > 0 &&
      unshippedOf(l) > (order.assemblyStock[l.variantId] ?? 0),
  );
}

/** The variants of the order's ASSEMBLY lines. */
export const assemblyVariantsOf = (order: Pick<Order, 'lines'>): string[] => [
  ...new Set(order.lines.flatMap((l) => (l.productType === 'ASSEMBLY' && l.variantId ? [l.variantId] : []))),
];

/** The order with every derived field (totals, blocked on build) recomputed: each decision ends with it. */
export function derived<T extends Order>(order: T): T {
  const totals = withTotals(order);
  return { ...totals, blockedOnBuild: isBlockedOnBuild(totals) };
}
