import type { Decision } from '@stockyard/service-kit';
import { derived } from './derived';
import type { Order } from './order';

/** Inventory says how much of an ASSEMBLY variant is available now: the order's blocked-on-build flag follows. */
export function noteAssemblyStock(order: Order, variantId: string, available: number): Decision<Order> {
  if (order.assemblyStock[variantId] === available) return {};
  return { state: derived({ ...order, assemblyStock: { ...order.assemblyStock, [variantId]: available } }) };
}
