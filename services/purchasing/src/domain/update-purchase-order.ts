import type { UpdatePurchaseOrder } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import { allowed } from './order-lifecycle';
import type { PurchaseOrder } from './purchase-order';
import { orderLocked, warehouseRequired } from './purchase-order.errors';

/** Fields that decide who supplies what where: they change only while DRAFT. */
const LOCKED = ['channelId', 'type', 'warehouseId', 'currency', 'orderNumber'] as const;

/** What a PUT changes, once the command has checked what it names (supplier, warehouse, number). */
export interface OrderUpdate extends Omit<UpdatePurchaseOrder, 'channelId'> {
  channelId?: string;
  supplierName?: string;
}

export function updatePurchaseOrder(po: PurchaseOrder, update: OrderUpdate): Decision<PurchaseOrder, PurchaseOrder> {
  allowed(po, 'update');
  const changed = LOCKED.filter((f) => update[f] !== undefined && update[f] !== po[f]);
  if (changed.length > 0 && po.status !== 'DRAFT') throw orderLocked(changed);
  const current = po as unknown as Record<string, unknown>;
  const changes = Object.entries(update).filter(
    ([key, value]) => value !== undefined && !sameValue(current[key], value),
  );
  const next = { ...po, ...Object.fromEntries(changes) };
  if (next.type === 'STANDARD' && !next.warehouseId) throw warehouseRequired();
  return { state: next, result: next };
}

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/** The locked fields an update would change (the command checks the new supplier and warehouse only then). */
export const lockedChanges = (po: PurchaseOrder, update: UpdatePurchaseOrder) =>
  LOCKED.filter((f) => update[f] !== undefined && update[f] !== po[f]);
