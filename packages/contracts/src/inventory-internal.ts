import { z } from 'zod';
import { postInternal, type PeerOptions } from './internal-call';

/**
 * Inventory's internal reads (beside the stock moves of stock-internal.ts): stock of many
 * variants in one call, summed over every warehouse. The catalog asks before a conversion
 * to a type that holds no stock.
 */
export const INTERNAL_STOCK_READ_PATHS = { onHand: '/stock/on-hand' } as const;

export const StockOnHandQuerySchema = z
  .object({ variantIds: z.array(z.string().min(1).max(128)).min(1).max(500) })
  .strict();
export type StockOnHandQuery = z.infer<typeof StockOnHandQuerySchema>;

export const VariantStockSchema = z.object({
  variantId: z.string(),
  onHand: z.number(),
  reserved: z.number(),
  available: z.number(),
  /** A catalog bundle's variant: no stock of its own; `available` is how many its components make. */
  bundle: z.boolean().optional(),
});
export type VariantStock = z.infer<typeof VariantStockSchema>;
/** One row per asked variant, in the asked order; a variant inventory never saw has zeros. */
export const StockOnHandSchema = z.object({ data: z.array(VariantStockSchema) });

/** The typed client other services call inventory's internal reads with. */
export function inventoryClient(options: Omit<PeerOptions, 'peer'>) {
  const peer = { ...options, peer: 'inventory' };
  return {
    async stockOnHand(orgId: string, variantIds: string[]): Promise<VariantStock[]> {
      if (variantIds.length === 0) return [];
      const body: StockOnHandQuery = { variantIds };
      return (await postInternal(peer, orgId, INTERNAL_STOCK_READ_PATHS.onHand, body, StockOnHandSchema)).data;
    },
  };
}
export type InventoryClient = ReturnType<typeof inventoryClient>;
