import { codePicker, type ErrorCatalog } from './error-codes';

/** The purchasing service's business error codes (services/purchasing/src/domain/*.errors.ts). */
export const PURCHASING_ERRORS = {
  purchase_order_has_no_lines: { type: 'conflict', description: 'Submitting an order without lines' },
  purchase_order_has_receipts: { type: 'conflict', description: 'Cancelling an order with receipts' },
  purchase_order_locked: { type: 'conflict', description: 'A field that changes only while DRAFT (details)' },
  purchase_order_trashed: { type: 'conflict', description: 'The order is in the trash; restore it first' },
  purchase_order_receipt_pending: { type: 'conflict', description: 'A receipt is still being applied; retry' },
  line_has_receipts: { type: 'conflict', description: 'Deleting a line with receipts' },
  order_number_taken: { type: 'conflict', description: 'Another order of the organization has the number' },
  over_receipt: { type: 'unprocessable', description: 'More than the line’s open quantity' },
  quantity_below_received: { type: 'unprocessable', description: 'A quantity below what was received' },
  warehouse_required: { type: 'unprocessable', description: 'A STANDARD order needs a warehouseId' },
  unknown_warehouse: { type: 'unprocessable', description: 'No live warehouse of the organization has the id' },
  unknown_source: { type: 'unprocessable', description: 'channelId is no active, untrashed supplier source' },
  unknown_variant: { type: 'unprocessable', description: 'A variant the catalog does not have (details)' },
  unit_cost_required: { type: 'unprocessable', description: 'No unitCost given and none known (details)' },
  unknown_reservation: { type: 'unprocessable', description: 'A reservation id the organization lacks' },
  reservation_variant_mismatch: { type: 'unprocessable', description: 'A reservation of another variant' },
  reservation_closed: { type: 'unprocessable', description: 'A reservation no longer open' },
  receipt_refused: {
    type: 'unprocessable',
    description: 'Inventory refused the receipt (a bin or warehouse gone); nothing moved; its code in details',
  },
  catalog_refused: { type: 'unprocessable', description: 'The catalog refused a call; its code in details' },
  inventory_refused: {
    type: 'unprocessable',
    description: 'Inventory refused a call (a cursor it did not give); its code in details',
  },
  unsupported_attachment_type: { type: 'unprocessable', description: 'A content type attachments do not take' },
  attachment_key_invalid: { type: 'unprocessable', description: 'The key is not one the upload URL gave' },
  upload_not_found: { type: 'unprocessable', description: 'Nothing was uploaded at the key' },
  attachment_too_large: { type: 'unprocessable', description: 'The uploaded file is over the limit' },
  too_many_attachments: { type: 'unprocessable', description: 'The order holds the most attachments it may' },
  supplier_email_missing: { type: 'unprocessable', description: 'No `to` given and the supplier has no e-mail' },
  email_delivery_failed: { type: 'bad_gateway', description: 'The mail server refused the e-mail (recorded)' },
} satisfies ErrorCatalog;

export const purchasingCodes = codePicker(PURCHASING_ERRORS);

/**
 * Codes the purchasing service makes that no partner operation lists as `error.code`: its internal
 * API's, its background work's, and where each goes. Its error makers take them with the above.
 */
export const PURCHASING_UNLISTED_ERRORS = {
  orders_refused: {
    type: 'unprocessable',
    description: 'Orders refusing a link told from the outbox, in the background: logged and dropped',
  },
} satisfies ErrorCatalog;
