import { ProductListQuerySchema, type List, type Page } from '@stockyard/contracts';
import { inParts } from '@stockyard/service-kit/store';
import { productNotFound } from '../domain/product.errors';
import { productView, type ProductView } from '../domain/product-view';
import { pricedVariantIds, storefrontView, type Availability, type StorefrontView } from '../domain/storefront-view';
import type { StockLookup } from '../ports';
import type { ListingReads } from '../store/listing.repository';
import type { ProductQueries } from '../store/product.queries';
import type { ProductWriter } from './product-writer';

/** What the storefront reads of the channels side: which products a channel lists. */
export type StorefrontListings = Pick<ListingReads, 'productIdsOnChannel' | 'list'>;

/** Variants in one call of inventory's stock read (its limit). */
const STOCK_BATCH = 500;

/** The storefront's list: live, unarchived products, newest first (GET /products' defaults). */
const LISTED = ProductListQuerySchema.parse({});

/**
 * GET /storefront/products and /{id}: the products listed on the key's channel that are live
 * and not archived; another channel's, a trashed or archived one, or another organization's
 * is 404. Availability comes from inventory's batched stock read, one call per page (500
 * variants a call), never one per product; a page still answers when inventory does not
 * (`availableForSale` null).
 */
export class StorefrontReads {
  constructor(
    private readonly products: Pick<ProductWriter, 'get'>,
    private readonly queries: ProductQueries,
    private readonly listings: StorefrontListings,
    private readonly stock: StockLookup,
  ) {}

  async list(orgId: string, channelId: string, page: Page): Promise<List<StorefrontView>> {
    const listed = await this.listings.productIdsOnChannel(orgId, channelId);
    const { data, total } = await this.queries.list(orgId, LISTED, page, listed);
    const available = await this.availability(orgId, data);
    return { data: data.map((p) => storefrontView(p, available)), total, ...page };
  }

  async get(orgId: string, channelId: string, id: string): Promise<StorefrontView> {
    const [listings, product] = await Promise.all([
      this.listings.list(orgId, channelId, { productId: id }, { limit: 1, offset: 0 }),
      this.products.get(orgId, id),
    ]);
    if (listings.total === 0 || product.deletedAt !== null || product.archived) throw productNotFound();
    const view = productView(product);
    return storefrontView(view, await this.availability(orgId, [view]));
  }

  /** The priced variants' available stock, in calls of 500; undefined when inventory does not answer. */
  private async availability(orgId: string, products: ProductView[]): Promise<Availability> {
    const ids = pricedVariantIds(products);
    const read = async (part: string[]) => [...(await this.stock.available(orgId, part))];
    try {
      return new Map(await inParts(ids, STOCK_BATCH, read, { together: true }));
    } catch {
      return undefined; // 503 dependency_unavailable: the products still read
    }
  }
}
