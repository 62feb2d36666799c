import amqp from 'amqplib';
import type { Connection } from 'mongoose';
import { eventually, infraEnv } from '@stockyard/testkit';

/**
 * Inventory creates stock only for variants the catalog published (its README, unknown
 * variants). These helpers let a catalog test that runs inventory beside it meet that rule.
 */

/**
 * Routes the catalog's `variant.*` events to inventory's exchange (an exchange-to-exchange
 * binding), so two harnesses on exchanges of their own, each with its own event tap, behave
 * as one shared exchange would for inventory's read model. The binding goes with the exchanges.
 */
export async function routeVariantEvents(catalogExchange: string, inventoryExchange: string): Promise<void> {
  const connection = await amqp.connect(infraEnv().amqpUrl);
  try {
    const channel = await connection.createChannel();
    await channel.assertExchange(inventoryExchange, 'topic', { durable: true });
    await channel.bindExchange(inventoryExchange, catalogExchange, 'variant.#');
  } finally {
    await connection.close();
  }
}

/** Resolves once inventory's read model holds the variant live: the catalog's event reached it. */
export const variantInInventory = (inventory: { connection: Connection }, orgId: string, variantId: string) =>
  eventually(async () => {
    const doc = await inventory.connection.collection('variants').findOne({ orgId, variantId, deleted: false });
    return doc ? true : undefined;
  });
