import type { Router } from 'express';
import type { ServiceContext } from '@stockyard/service-kit';
import { StorefrontReads, type StorefrontListings } from './commands/storefront-reads';
import type { Config } from './config';
import { storefrontRoutes } from './http/storefront.routes';
import { inventoryStock } from './peers/inventory-stock';
import type { ProductWrites } from './products.module';
import type { ProductQueries } from './store/product.queries';

/**
 * The storefront's product reads (storefront surface: a storefront key, bound to one channel):
 * products read through the products module, listings through the channels module's
 * repository, availability from inventory. It writes nothing.
 */
export function storefrontModule(
  ctx: ServiceContext<Config>,
  needs: { writes: ProductWrites; queries: ProductQueries; listings: StorefrontListings },
) {
  const commands = {
    storefront: new StorefrontReads(needs.writes.writer, needs.queries, needs.listings, inventoryStock(ctx.config)),
  };
  return { commands, mount: (router: Router) => storefrontRoutes(router, commands) };
}
export type StorefrontCommands = ReturnType<typeof storefrontModule>['commands'];
