import { eventually } from '@stockyard/testkit';
import type { Inventory } from './inventory';

/**
 * What the read routes' tests look at: two warehouses, a bin, three catalog variants (one
 * never stocked) and four adjusts, the newest in the second warehouse.
 */
export async function seedStockReads(inv: Inventory) {
  const wh = await inv.warehouse('Reads');
  const other = await inv.warehouse('Other');
  const bin = await inv.bin(wh, 'R-1');
  await inv.publishVariant('var_r1', 'SKU-APPLE', 'Green apple');
  await inv.publishVariant('var_r2', 'SKU-PEAR', 'Pear, "conference"');
  await inv.publishVariant('var_r3', 'SKU-ZERO', 'Never stocked');
  await inv.readModelHas(['var_r1', 'var_r2', 'var_r3']); // stock is created only for known variants
  await inv.adjust('var_r1', wh, 5);
  await inv.adjust('var_r1', wh, 2, bin);
  await inv.adjust('var_r2', wh, 9);
  await inv.adjust('var_r1', other, 1);
  await eventually(async () =>
    (await inv.connection.collection('variants').countDocuments()) === 3 ? true : undefined,
  );
  return { wh, other, bin };
}
