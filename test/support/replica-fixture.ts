import { eventually } from '@stockyard/testkit';
import type { Accepted, Call, TrafficTargets } from './mixed-traffic';

/** The public events the receiver subscribes to, each counted by delivery id. */
export const COUNTED_EVENTS = [
  'product.created',
  'product.updated',
  'inventory.availability_changed',
  'import.completed',
  'variant.cost_changed',
  'purchase_order.created',
  'purchase_order.status_changed',
] as const;

export interface ReplicaFixture extends TrafficTargets {
  /** The receiver's webhook endpoint: a delivery's id is derived from its event's and this. */
  endpointId: string;
  sourceId: string;
  /** The variant the purchase order's line receives into. */
  receivedVariant: string;
  /** The source's SKUs, each linked (preferred) to one of `adjusted`. */
  skus: string[];
}

const ok = async (call: Call, method: string, route: string, body?: unknown) => {
  const answer = await call(method, route, body);
  if (answer.status >= 300) throw new Error(`${method} ${route}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/**
 * The organization's starting point: a webhook endpoint for COUNTED_EVENTS (before anything
 * else, so every counted event has a delivery), a warehouse, products whose variants the
 * traffic adjusts (each adjusted once here, when inventory has learnt of it: `accepted` counts
 * it), a supplier source offering them, and a submitted purchase order to receive on.
 */
export async function makeFixture(call: Call, receiverUrl: string, accepted: Accepted): Promise<ReplicaFixture> {
  const endpointId: string = (await ok(call, 'POST', '/webhooks', { url: receiverUrl, events: COUNTED_EVENTS })).id;
  const warehouseId: string = (await ok(call, 'POST', '/warehouses', { name: 'Replicas' })).id;
  const variants: string[] = [];
  for (let i = 0; i < 4; i++) {
    const product = await ok(call, 'POST', '/products', { name: `Fixture product ${i}`, cost: 2 });
    accepted.productsCreated.push(product.id);
    variants.push(product.variants[0].id);
  }
  const [receivedVariant, ...adjusted] = variants as [string, ...string[]];
  const source = await ok(call, 'POST', '/sources', { name: 'Replica Supply', currency: 'EUR' });
  const skus = adjusted.map((_, i) => `RS-${i}`);
  await ok(call, 'POST', `/sources/${source.id}/skus`, {
    skus: adjusted.map((variantId, i) => ({ sku: skus[i], variantId, cost: 3, preferred: true })),
  });
  for (const variantId of variants) {
    // Inventory learns of a variant from the catalog's event: the first adjust waits for it.
    await eventually(async () => {
      const res = await call('POST', '/stock/adjust', { variantId, warehouseId, quantity: 1, reason: 'fixture' });
      return res.status === 201 ? true : undefined;
    }, 30_000);
    accepted.adjusts.set(variantId, 1);
  }
  const po = await ok(call, 'POST', '/purchase-orders', {
    channelId: source.id,
    warehouseId,
    lines: [{ variantId: receivedVariant, quantity: 100_000, supplierSku: 'RS-RECEIVED' }],
  });
  await ok(call, 'POST', `/purchase-orders/${po.id}/submit`);
  return {
    endpointId,
    warehouseId,
    adjusted,
    receivedVariant,
    purchaseOrderId: po.id,
    lineId: po.lines[0].id,
    sourceId: source.id,
    skus,
  };
}
