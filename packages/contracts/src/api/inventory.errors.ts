import { codePicker, type ErrorCatalog } from './error-codes';

/** The inventory service's business error codes (services/inventory/src/domain/*.errors.ts). */
export const INVENTORY_ERRORS = {
  warehouse_code_taken: { type: 'conflict', description: 'A live warehouse of the organization has the code' },
  warehouse_deleted: { type: 'conflict', description: 'The warehouse is deleted' },
  warehouse_not_empty: { type: 'conflict', description: 'Stock is on hand or reserved in the warehouse' },
  bin_name_taken: { type: 'conflict', description: 'The warehouse has a bin of that name' },
  bin_not_empty: { type: 'conflict', description: 'Stock is on hand in the bin' },
  insufficient_stock: { type: 'unprocessable', description: 'The location holds less than the quantity' },
  same_warehouse: { type: 'unprocessable', description: 'The destination warehouse is the source' },
  same_bin: { type: 'unprocessable', description: 'toBinId is fromBinId' },
  min_above_max: { type: 'unprocessable', description: 'minQuantity is above maxQuantity' },
  duplicate_count_line: { type: 'unprocessable', description: 'A variant is counted twice at one bin' },
  unknown_variant: {
    type: 'unprocessable',
    description: 'A variant is not a live variant of the catalog (details name each)',
  },
  currency_locked: {
    type: 'conflict',
    description: 'The organization’s stock has valuation entries in its currency: the currency no longer changes',
  },
} satisfies ErrorCatalog;

export const inventoryCodes = codePicker(INVENTORY_ERRORS);

/**
 * Codes the inventory service makes that no partner operation lists as `error.code`: its internal
 * API's, its background work's, and where each goes. Its error makers take them with the above.
 */
export const INVENTORY_UNLISTED_ERRORS = {
  insufficient_available: { type: 'unprocessable', description: 'Reserve, internal API only (orders’ holds)' },
  insufficient_reserved: { type: 'unprocessable', description: 'Release and deduct, internal API only' },
  operation_key_reused: {
    type: 'conflict',
    description: 'An operation key of the internal API reused with other parameters',
  },
} satisfies ErrorCatalog;
