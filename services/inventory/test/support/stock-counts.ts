import type { Inventory } from './inventory';

/** What the count routes' tests count: var_c1 at Unassigned (10) and bin C-1 (4), var_c2 at Unassigned (3). */
export async function seedStockCounts(inv: Inventory) {
  const wh = await inv.warehouse('Counted');
  const bin = await inv.bin(wh, 'C-1');
  await inv.adjust('var_c1', wh, 10);
  await inv.adjust('var_c1', wh, 4, bin);
  await inv.adjust('var_c2', wh, 3);
  return { wh, bin };
}

/** A count of both var_c1 locations, var_c2 (binId omitted) and var_c3, never stocked. */
export const countLines = (bin: string) => [
  { variantId: 'var_c1', binId: null, countedQuantity: 8 },
  { variantId: 'var_c1', binId: bin, countedQuantity: 4 },
  { variantId: 'var_c2', countedQuantity: 5 },
  { variantId: 'var_c3', binId: bin, countedQuantity: 2 },
];
