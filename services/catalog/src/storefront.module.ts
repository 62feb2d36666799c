import type { ServiceContext, ServiceModule } from '@stockyard/service-kit';
import { StorefrontReads, type StorefrontListings } from './commands/storefront-reads';
import type { Config } from './config';
import type { ProductWrites, StorefrontGiven } from './deps';
import { storefrontRoutes } from './http/storefront.routes';
import { inventoryStock } from './peers/inventory-stock';
import type { ProductQueries } from './store/product.queries';

/**
 * The storefront's product reads (storefront surface: a storefront key, bound to one channel):
 * products read through the products module, listings through the channels module's
 * repository, availability from inventory. It writes nothing.
 */
export function storefrontModule(
  ctx: ServiceContext<Config>,
  needs: { writes: ProductWrites; queries: ProductQueries; listings: StorefrontListings },
): ServiceModule<StorefrontGiven> {
  const given = {
    storefront: new StorefrontReads(needs.writes.writer, needs.queries, needs.listings, inventoryStock(ctx.config)),
  };
  return { given, api: (router) => storefrontRoutes(router, given) };
}
