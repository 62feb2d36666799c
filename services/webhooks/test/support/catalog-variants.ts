import mongoose from 'mongoose';
import { newEvent } from '@stockyard/service-kit';
import { Broker } from '@stockyard/service-kit/events';
import { createLogger } from '@stockyard/service-kit/ops';
import { eventually, infraEnv, type Stack } from '@stockyard/testkit';

/**
 * Inventory creates stock only for variants the catalog published. A stack without the
 * catalog gets them as the catalog would send them: `variant.upserted` on the stack's
 * exchange through `amqpUrl` (the broker inventory listens to, which may be a test's own
 * node), then waited for in inventory's read model. Same steps as inventory's
 * test/support/stack-variants.ts, which always uses the shared broker.
 */
export async function catalogVariants(stack: Stack, amqpUrl: string, orgId: string, variantIds: string[]) {
  const broker = new Broker(amqpUrl, stack.exchange, createLogger('catalog-variants', 'silent'));
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
  const db = await mongoose.createConnection(infraEnv().mongoUrl, { dbName: stack.databases.inventory }).asPromise();
  try {
    await eventually(async () => {
      const live = await db.collection('variants').countDocuments({ orgId, variantId: { $in: variantIds } });
      return live === variantIds.length ? true : undefined;
    });
  } finally {
    await db.close();
  }
}
