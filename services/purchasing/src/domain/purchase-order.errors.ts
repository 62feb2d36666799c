import { errors } from './errors';

const detail = (field: string, code: string, message: string) => [{ field, code, message }];

export const lineNotFound = (lineId: string) => errors.resource_not_found(`Purchase order line ${lineId} not found`);
export const noLines = () =>
  errors.purchase_order_has_no_lines('A purchase order needs at least one line to be submitted');
export const overReceipt = (open: number, asked: number) =>
  errors.over_receipt(
    `Receiving ${asked} exceeds the line's open quantity of ${open} (ordered − received − receipts in progress)`,
    detail('quantity', 'over_receipt', `at most ${open}`),
  );
export const quantityBelowReceived = (least: number) =>
  errors.quantity_below_received(
    `A line's quantity cannot go below what was received or is being received (${least})`,
    detail('quantity', 'quantity_below_received', `at least ${least}`),
  );
export const lineHasReceipts = () => errors.line_has_receipts('A line with receipts cannot be deleted');
export const receiptsExist = () =>
  errors.purchase_order_has_receipts('A purchase order with receipts (recorded or in progress) cannot be cancelled');
export const receiptPending = () =>
  errors.purchase_order_receipt_pending('A receipt of the order is still being applied; retry shortly');
export const orderLocked = (fields: string[]) =>
  errors.purchase_order_locked(
    `${fields.join(', ')} can change only while the purchase order is DRAFT`,
    fields.map((f) => ({ field: f, code: 'purchase_order_locked', message: 'only while DRAFT' })),
  );
export const trashed = () => errors.purchase_order_trashed('The purchase order is in the trash; restore it first');
export const orderNumberTaken = (orderNumber: string) =>
  errors.order_number_taken(`Order number ${orderNumber} is already used`, [
    { field: 'orderNumber', code: 'order_number_taken', message: 'already used in this organization' },
  ]);
export const warehouseRequired = () =>
  errors.warehouse_required('A STANDARD purchase order needs a warehouseId', [
    { field: 'warehouseId', code: 'warehouse_required', message: 'required for type STANDARD' },
  ]);
export const unknownWarehouse = (warehouseId: string) =>
  errors.unknown_warehouse(`Warehouse ${warehouseId} does not exist`, [
    { field: 'warehouseId', code: 'unknown_warehouse', message: 'no live warehouse of the organization' },
  ]);
export const unknownSource = (channelId: string) =>
  errors.unknown_source(`Supplier ${channelId} is not a live source`, [
    { field: 'channelId', code: 'unknown_source', message: 'no active, untrashed source of the organization' },
  ]);
export const unknownVariants = (variantIds: string[]) =>
  errors.unknown_variant(
    `Unknown variant${variantIds.length > 1 ? 's' : ''}: ${variantIds.join(', ')}`,
    variantIds.map((id) => ({ field: 'variantId', code: 'unknown_variant', message: id })),
  );
export const unitCostRequired = (variantIds: string[]) =>
  errors.unit_cost_required(
    `No unitCost given and none known (no offer cost from the supplier, no variant cost): ${variantIds.join(', ')}`,
    variantIds.map((id) => ({ field: 'unitCost', code: 'unit_cost_required', message: id })),
  );
export const tooManyLines = (max: number) => errors.too_many_lines(`A purchase order has at most ${max} lines`);
export const unknownReservations = (ids: string[]) =>
  errors.unknown_reservation(
    `Unknown reservation${ids.length > 1 ? 's' : ''}: ${ids.join(', ')}`,
    ids.map((id) => ({ field: 'reservationIds', code: 'unknown_reservation', message: id })),
  );
export const reservationVariantMismatch = (ids: string[]) =>
  errors.reservation_variant_mismatch(
    `Reservations hold another variant than the line's: ${ids.join(', ')}`,
    ids.map((id) => ({ field: 'reservationIds', code: 'reservation_variant_mismatch', message: id })),
  );
export const reservationClosed = (ids: string[]) =>
  errors.reservation_closed(
    `Reservations are no longer open: ${ids.join(', ')}`,
    ids.map((id) => ({ field: 'reservationIds', code: 'reservation_closed', message: id })),
  );
/** Inventory refused a receipt (a bin or warehouse gone): nothing moved, the receipt is rejected. */
export const receiptRefused = (code: string, message: string) =>
  errors.receipt_refused(`Inventory refused the receipt: ${message}`, [{ field: 'quantity', code, message }]);
