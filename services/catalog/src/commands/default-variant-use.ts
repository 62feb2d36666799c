import type { HoldLookup, ListingLookup, StockLookup } from '../ports';
import type { ProductQueries } from '../store/product.queries';

/** What a variant's use is read from: inventory, orders, the channels side, the products using it. */
interface UsePeers {
  stock: StockLookup;
  holds: HoldLookup;
  listings: ListingLookup;
}

/**
 * The ids among `ids` that `count` finds any of: halves asked again while they count some, so a
 * batch nobody uses is one call and each used id costs about log2(batch) more.
 */
async function countedAmong(ids: string[], count: (ids: string[]) => Promise<number>): Promise<string[]> {
  if (ids.length === 0 || (await count(ids)) === 0) return [];
  if (ids.length === 1) return ids;
  const half = Math.ceil(ids.length / 2);
  return [...(await countedAmong(ids.slice(0, half), count)), ...(await countedAmong(ids.slice(half), count))];
}

/**
 * Whether default variants are in use, before one is retired: stock rows in inventory (stock
 * received, moved, counted or held, even if none is left), open holds in orders, a channel listing
 * naming the variant, a live bundle or active BOM using it. (A supplier offer is on the variant
 * itself: `sourceLinked`.) A peer that does not answer throws its 503: nothing is retired then.
 */
export class DefaultVariantUse {
  constructor(
    private readonly peers: UsePeers,
    private readonly queries: ProductQueries,
  ) {}

  /** Those of the variants (of one organization) that something uses. */
  async usedAmong(orgId: string, variantIds: string[]): Promise<Set<string>> {
    const ids = [...new Set(variantIds)];
    if (ids.length === 0) return new Set();
    const [stocked, held, listed, components] = await Promise.all([
      this.peers.stock.stockedIds(orgId, ids),
      countedAmong(ids, (some) => this.peers.holds.openHoldCountOf(orgId, some)),
      countedAmong(ids, (some) => this.peers.listings.listingCountOfVariants(orgId, some)),
      countedAmong(ids, (some) => this.queries.countUsingComponents(orgId, some)),
    ]);
    return new Set([...stocked, ...held, ...listed, ...components]);
  }
}
