import type { Connection } from 'mongoose';
import { newEvent } from '@stockyard/service-kit';
import { Broker } from '@stockyard/service-kit/events';
import { createLogger } from '@stockyard/service-kit/ops';
import { eventually, infraEnv } from '@stockyard/testkit';

/**
 * Catalog variants for a stack without the catalog: `variant.upserted` published on the
 * stack's exchange as the catalog would, then waited for in inventory's read model.
 */
export async function stackVariants(exchange: string, db: Connection, orgId: string, variantIds: string[]) {
  const broker = new Broker(infraEnv().amqpUrl, exchange, createLogger('stack-variants', 'silent'));
  await broker.start();
  try {
    const updatedAt = new Date().toISOString();
    for (const variantId of variantIds)
      await broker.publish(
        newEvent('variant.upserted', { orgId, variantId, sku: variantId, name: variantId, updatedAt }),
      );
  } finally {
    await broker.close();
  }
  await eventually(async () => {
    const live = await db.collection('variants').countDocuments({ orgId, variantId: { $in: variantIds } });
    return live === variantIds.length ? true : undefined;
  });
}
