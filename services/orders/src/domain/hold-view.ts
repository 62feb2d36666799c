import type { Reservation } from '@stockyard/contracts';
import { shortOf, type Hold } from './hold';

/** A hold on the wire; a kit-level hold shows what its leaves lack (`kitShort`, domain/kit-shortfall.ts). */
export const holdView = (hold: Hold, expectedAt: string | null = null, kitShort?: number): Reservation => ({
  id: hold.id,
  orderId: hold.orderId,
  lineId: hold.lineId,
  variantId: hold.variantId,
  status: hold.status,
  quantity: hold.quantity,
  warehouseId: hold.warehouseId,
  reservedQuantity: hold.reservedQuantity,
  shortQuantity: kitShort ?? shortOf(hold),
  committedQuantity: hold.committedQuantity,
  sourceChannelId: hold.sourceChannelId,
  purchaseOrderLineId: hold.purchaseOrderLineId,
  purchaseOrderId: hold.purchaseOrderId,
  expectedAt,
  kitLevel: hold.kitLevel,
  kitParentLineId: hold.kitParentLineId,
  createdAt: new Date(hold.createdAt).toISOString(),
  updatedAt: new Date(hold.updatedAt).toISOString(),
});
