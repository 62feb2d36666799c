import { AppError, conflict, unprocessable } from '@stockyard/service-kit';

const detail = (field: string, code: string, message: string) => [{ field, code, message }];

export const lineNotFound = (lineId: string) =>
  new AppError('not_found', `Purchase order line ${lineId} not found`, 'resource_not_found');
export const noLines = () =>
  new AppError('conflict', 'A purchase order needs at least one line to be submitted', 'purchase_order_has_no_lines');
export const overReceipt = (open: number, asked: number) =>
  new AppError(
    'unprocessable',
    `Receiving ${asked} exceeds the line's open quantity of ${open} (ordered − received − receipts in progress)`,
    'over_receipt',
    detail('quantity', 'over_receipt', `at most ${open}`),
  );
export const quantityBelowReceived = (least: number) =>
  new AppError(
    'unprocessable',
    `A line's quantity cannot go below what was received or is being received (${least})`,
    'quantity_below_received',
    detail('quantity', 'quantity_below_received', `at least ${least}`),
  );
export const lineHasReceipts = () => conflict('A line with receipts cannot be deleted', 'line_has_receipts');
export const receiptsExist = () =>
  conflict(
    'A purchase order with receipts (recorded or in progress) cannot be cancelled',
    'purchase_order_has_receipts',
  );
export const receiptPending = () =>
  conflict('A receipt of the order is still being applied; retry shortly', 'purchase_order_receipt_pending');
export const orderLocked = (fields: string[]) =>
  new AppError(
    'conflict',
    `${fields.join(', ')} can change only while the purchase order is DRAFT`,
    'purchase_order_locked',
    fields.map((f) => ({ field: f, code: 'purchase_order_locked', message: 'only while DRAFT' })),
  );
export const trashed = () => conflict('The purchase order is in the trash; restore it first', 'purchase_order_trashed');
export const orderNumberTaken = (orderNumber: string) =>
  new AppError('conflict', `Order number ${orderNumber} is already used`, 'order_number_taken', [
    { field: 'orderNumber', code: 'order_number_taken', message: 'already used in this organization' },
  ]);
export const warehouseRequired = () =>
  new AppError('unprocessable', 'A STANDARD purchase order needs a warehouseId', 'warehouse_required', [
    { field: 'warehouseId', code: 'warehouse_required', message: 'required for type STANDARD' },
  ]);
export const unknownWarehouse = (warehouseId: string) =>
  new AppError('unprocessable', `Warehouse ${warehouseId} does not exist`, 'unknown_warehouse', [
    { field: 'warehouseId', code: 'unknown_warehouse', message: 'no live warehouse of the organization' },
  ]);
export const unknownSource = (channelId: string) =>
  new AppError('unprocessable', `Supplier ${channelId} is not a live source`, 'unknown_source', [
    { field: 'channelId', code: 'unknown_source', message: 'no active, untrashed source of the organization' },
  ]);
export const unknownVariants = (variantIds: string[]) =>
  new AppError(
    'unprocessable',
    `Unknown variant${variantIds.length > 1 ? 's' : ''}: ${variantIds.join(', ')}`,
    'unknown_variant',
    variantIds.map((id) => ({ field: 'variantId', code: 'unknown_variant', message: id })),
  );
export const unitCostRequired = (variantIds: string[]) =>
  new AppError(
    'unprocessable',
    `No unitCost given and none known (no offer cost from the supplier, no variant cost): ${variantIds.join(', ')}`,
    'unit_cost_required',
    variantIds.map((id) => ({ field: 'unitCost', code: 'unit_cost_required', message: id })),
  );
export const tooManyLines = (max: number) =>
  unprocessable(`A purchase order has at most ${max} lines`, 'too_many_lines');
export const unknownReservations = (ids: string[]) =>
  new AppError(
    'unprocessable',
    `Unknown reservation${ids.length > 1 ? 's' : ''}: ${ids.join(', ')}`,
    'unknown_reservation',
    ids.map((id) => ({ field: 'reservationIds', code: 'unknown_reservation', message: id })),
  );
export const reservationVariantMismatch = (ids: string[]) =>
  new AppError(
    'unprocessable',
    `Reservations hold another variant than the line's: ${ids.join(', ')}`,
    'reservation_variant_mismatch',
    ids.map((id) => ({ field: 'reservationIds', code: 'reservation_variant_mismatch', message: id })),
  );
export const reservationClosed = (ids: string[]) =>
  new AppError(
    'unprocessable',
    `Reservations are no longer open: ${ids.join(', ')}`,
    'reservation_closed',
    ids.map((id) => ({ field: 'reservationIds', code: 'reservation_closed', message: id })),
  );
/** Inventory refused a receipt (a bin or warehouse gone): nothing moved, the receipt is rejected. */
export const receiptRefused = (code: string, message: string) =>
  new AppError('unprocessable', `Inventory refused the receipt: ${message}`, 'receipt_refused', [
    { field: 'quantity', code, message },
  ]);
