import type { Orders } from './orders';

/** A warehouse, an API channel shipping from it, and a variant with `onHand` of it there. */
export async function stockedChannel(h: Orders, onHand = 10, fields: Record<string, unknown> = {}) {
  const inv = h.inventory!;
  const warehouseId = (await h.ok(await inv.request('POST', '/warehouses', { name: 'Main' }), 'warehouse')).id;
  const channelId = await h.channel({ warehouseId });
  const variant = await h.variant(fields);
  if (onHand) await stockUp(h, variant.id, warehouseId, onHand);
  return { warehouseId, channelId, variant };
}

export async function stockUp(h: Orders, variantId: string, warehouseId: string, quantity: number) {
  const adjust = { variantId, warehouseId, quantity, reason: 'counted' };
  await h.ok(await h.inventory!.request('POST', '/stock/adjust', adjust), 'adjust');
}

/** Inventory's on hand and reserved of a variant (every warehouse). */
export async function stockOf(h: Orders, variantId: string): Promise<{ onHand: number; reserved: number }> {
  const res = await h.inventory!.request(
    'POST',
    '/stock/on-hand',
    { variantIds: [variantId] },
    { base: '/internal/v1' },
  );
  const row = (await h.ok(res, 'on hand')).data[0];
  return { onHand: row.onHand, reserved: row.reserved };
}

/** The order's holds. */
export async function holdsOf(h: Orders, orderId: string) {
  return (await h.ok(await h.request('GET', `/orders/${orderId}/reservations`), 'holds')).data;
}

/** An order of `quantity` of the variant on the channel (201). */
export const orderOf = (h: Orders, channelId: string, variantId: string, quantity: number, ref: string) =>
  h.order({ channelId, channelOrderId: ref, lines: [{ channelLineId: 'L1', variantId, quantity, unitPrice: 5 }] });
