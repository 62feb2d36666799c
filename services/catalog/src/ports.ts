/**
 * What the products module asks of others, behind small interfaces so each can be wired (or
 * replaced in a test) on its own.
 */

/** The channels module's listings, as the products module reads them. */
export interface ListingLookup {
  /** Products with a listing on the sales channel (GET /products?channelId=). */
  productIdsOnChannel(orgId: string, channelId: string): Promise<string[]>;
  /** How many channel listings name any of these variants (a conversion's warning). */
  listingCountOfVariants(orgId: string, variantIds: string[]): Promise<number>;
}

/** Open holds (orders' reservations) on variants: a conversion's blocker (peers/order-holds.ts). */
export interface HoldLookup {
  openHoldCountOf(orgId: string, variantIds: string[]): Promise<number>;
}

/** No variant has an open hold: a catalog run without orders (tests of the catalog alone). */
export const NO_HOLDS: HoldLookup = { openHoldCountOf: async () => 0 };

/** Inventory's stock of variants (a conversion to a type that holds no stock is blocked by it). */
export interface StockLookup {
  /** On hand of each variant over every warehouse; 503 `dependency_unavailable` when inventory does not answer. */
  onHand(orgId: string, variantIds: string[]): Promise<Map<string, number>>;
  /** Available of each variant (a bundle's: how many its components make); also 503 when inventory is down. */
  available(orgId: string, variantIds: string[]): Promise<Map<string, number>>;
  /**
   * Those of the variants inventory keeps stock rows of, at a live warehouse: stock was received,
   * adjusted, counted, moved or held there, even if none is left (on hand alone cannot tell a
   * variant never stocked from one sold out). 503 when inventory is down.
   */
  stockedIds(orgId: string, variantIds: string[]): Promise<Set<string>>;
}

/** Inventory's warehouses (a sales channel ships from one). */
export interface WarehouseLookup {
  /** Which of these ids are live warehouses of the organization; 503 `dependency_unavailable` if inventory is down. */
  liveIds(orgId: string, warehouseIds: string[]): Promise<Set<string>>;
}
