import type { Config } from '../config';
import { catalogReads } from './catalog-reads';
import { settingsReads } from './org-settings';
import { purchaseOrderReads } from './purchase-orders';
import { purchaseSpendReads } from './purchase-receipts';
import { stockReads } from './stock-reads';

/** Every peer invoicing reads, built once for the modules. */
export const invoicePeers = (config: Config) => ({
  orders: purchaseOrderReads(config),
  receipts: purchaseSpendReads(config),
  catalog: catalogReads(config),
  settings: settingsReads(config),
  stock: stockReads(config),
});
export type InvoicePeers = ReturnType<typeof invoicePeers>;
