import { z } from 'zod';
import { listOf, PageQuerySchema } from '../lists';
import {
  AddLineSchema,
  AddTrackingSchema,
  BulkFromRequirementsResultSchema,
  BulkFromRequirementsSchema,
  CreatePurchaseOrderSchema,
  LinkedHoldSchema,
  LinkReservationsSchema,
  PurchaseOrderListQuerySchema,
  PurchaseOrderMessageSchema,
  PurchaseOrderSchema,
  ReceiveLineSchema,
  RecordAttachmentSchema,
  SendEmailSchema,
  SendFollowUpSchema,
  UploadUrlQuerySchema,
  UploadUrlSchema,
  AttachmentSchema,
  UpdateLineSchema,
  UpdatePurchaseOrderSchema,
} from '../purchase-orders';
import { apiRoute } from './bound-route';
import { purchasingCodes } from './purchasing.errors';

/** A list's filters with the paging of every list (limit/offset and their take/skip aliases). */
const paged = <T extends z.ZodObject>(filters: T) => z.intersection(filters, PageQuerySchema);
const order = { response: PurchaseOrderSchema };
const holds = z.object({ data: z.array(LinkedHoldSchema) });

/**
 * An order's documents: attachments in S3, the PDF, e-mail to the supplier and its messages.
 * `GET …/messages` answers a bare array, as the spec says ("returns an array of message
 * objects"), newest first, paged by limit/offset with the total in `X-Total-Count`.
 */
const DOCUMENTS_API = {
  listAttachments: apiRoute('GET', '/purchase-orders/{id}/attachments', {
    response: z.object({ data: z.array(AttachmentSchema) }),
  }),
  recordAttachment: apiRoute('POST', '/purchase-orders/{id}/attachments', {
    body: RecordAttachmentSchema,
    response: AttachmentSchema,
    errors: purchasingCodes(
      'purchase_order_trashed',
      'unsupported_attachment_type',
      'attachment_key_invalid',
      'upload_not_found',
      'attachment_too_large',
      'too_many_attachments',
      'dependency_unavailable',
    ),
  }),
  createUploadUrl: apiRoute('POST', '/purchase-orders/{id}/attachments/upload-url', {
    query: UploadUrlQuerySchema,
    response: UploadUrlSchema,
    errors: purchasingCodes(
      'purchase_order_trashed',
      'unsupported_attachment_type',
      'too_many_attachments',
      'dependency_unavailable',
    ),
  }),
  deleteAttachment: apiRoute('DELETE', '/purchase-orders/{id}/attachments/{attachmentId}', {
    response: AttachmentSchema,
    errors: purchasingCodes('purchase_order_trashed', 'dependency_unavailable'),
  }),
  purchaseOrderPdf: apiRoute('GET', '/purchase-orders/{id}/pdf', {
    response: null,
    produces: 'application/pdf',
    headers: ['Content-Disposition'],
  }),
  sendEmail: apiRoute('POST', '/purchase-orders/{id}/send-email', {
    body: SendEmailSchema,
    response: PurchaseOrderMessageSchema,
    errors: purchasingCodes(
      'purchase_order_trashed',
      'supplier_email_missing',
      'email_delivery_failed',
      'dependency_unavailable',
    ),
  }),
  sendFollowUp: apiRoute('POST', '/purchase-orders/{id}/send-follow-up', {
    body: SendFollowUpSchema,
    response: PurchaseOrderMessageSchema,
    errors: purchasingCodes(
      'purchase_order_trashed',
      'invalid_status_transition',
      'supplier_email_missing',
      'email_delivery_failed',
      'dependency_unavailable',
    ),
  }),
  listMessages: apiRoute('GET', '/purchase-orders/{id}/messages', {
    query: PageQuerySchema,
    response: z.array(PurchaseOrderMessageSchema),
    headers: ['X-Total-Count'],
  }),
};

/**
 * The purchasing service's routes with their wire shapes. Rows not here yet (attachments, the
 * PDF, e-mail, messages, bulk from requirements) answer 501 until they are built.
 */
export const PURCHASING_API = {
  createPurchaseOrder: apiRoute('POST', '/purchase-orders', {
    body: CreatePurchaseOrderSchema,
    ...order,
    errors: purchasingCodes(
      'warehouse_required',
      'unknown_warehouse',
      'unknown_source',
      'unknown_variant',
      'unit_cost_required',
      'too_many_lines',
      'order_number_taken',
      'dependency_unavailable',
      'catalog_refused',
      'inventory_refused',
    ),
  }),
  listPurchaseOrders: apiRoute('GET', '/purchase-orders', {
    query: paged(PurchaseOrderListQuerySchema),
    response: listOf(PurchaseOrderSchema),
  }),
  listTrashedPurchaseOrders: apiRoute('GET', '/purchase-orders/trash', {
    query: PageQuerySchema,
    response: listOf(PurchaseOrderSchema),
  }),
  getPurchaseOrder: apiRoute('GET', '/purchase-orders/{id}', order),
  updatePurchaseOrder: apiRoute('PUT', '/purchase-orders/{id}', {
    body: UpdatePurchaseOrderSchema,
    ...order,
    errors: purchasingCodes(
      'purchase_order_trashed',
      'purchase_order_locked',
      'invalid_status_transition',
      'order_number_taken',
      'warehouse_required',
      'unknown_warehouse',
      'unknown_source',
      'dependency_unavailable',
      'catalog_refused',
      'inventory_refused',
    ),
  }),
  deletePurchaseOrder: apiRoute('DELETE', '/purchase-orders/{id}', {
    ...order,
    errors: purchasingCodes('invalid_status_transition'),
  }),
  // A trashed order keeps its number's claim: restoring it never finds the number taken.
  restorePurchaseOrder: apiRoute('POST', '/purchase-orders/{id}/restore', order),
  submitPurchaseOrder: apiRoute('POST', '/purchase-orders/{id}/submit', {
    ...order,
    errors: purchasingCodes('purchase_order_trashed', 'invalid_status_transition', 'purchase_order_has_no_lines'),
  }),
  cancelPurchaseOrder: apiRoute('POST', '/purchase-orders/{id}/cancel', {
    ...order,
    errors: purchasingCodes(
      'purchase_order_trashed',
      'invalid_status_transition',
      'purchase_order_has_receipts',
      'purchase_order_receipt_pending',
    ),
  }),
  closePurchaseOrder: apiRoute('POST', '/purchase-orders/{id}/close', {
    ...order,
    errors: purchasingCodes('purchase_order_trashed', 'invalid_status_transition', 'purchase_order_receipt_pending'),
  }),
  reopenPurchaseOrder: apiRoute('POST', '/purchase-orders/{id}/reopen', {
    ...order,
    errors: purchasingCodes('purchase_order_trashed', 'invalid_status_transition'),
  }),
  addLine: apiRoute('POST', '/purchase-orders/{id}/lines', {
    body: AddLineSchema,
    ...order,
    errors: purchasingCodes(
      'purchase_order_trashed',
      'invalid_status_transition',
      'unknown_variant',
      'unit_cost_required',
      'too_many_lines',
      'dependency_unavailable',
      'catalog_refused',
    ),
  }),
  updateLine: apiRoute('PUT', '/purchase-orders/{id}/lines/{lineId}', {
    body: UpdateLineSchema,
    ...order,
    errors: purchasingCodes('purchase_order_trashed', 'invalid_status_transition', 'quantity_below_received'),
  }),
  deleteLine: apiRoute('DELETE', '/purchase-orders/{id}/lines/{lineId}', {
    ...order,
    errors: purchasingCodes('purchase_order_trashed', 'invalid_status_transition', 'line_has_receipts'),
  }),
  receiveLine: apiRoute('POST', '/purchase-orders/{id}/lines/{lineId}/receive', {
    body: ReceiveLineSchema,
    ...order,
    errors: purchasingCodes(
      'purchase_order_trashed',
      'invalid_status_transition',
      'over_receipt',
      'receipt_refused',
      'dependency_unavailable',
    ),
  }),
  addTracking: apiRoute('POST', '/purchase-orders/{id}/tracking', {
    body: AddTrackingSchema,
    ...order,
    errors: purchasingCodes('purchase_order_trashed', 'invalid_status_transition'),
  }),
  linkReservations: apiRoute('POST', '/purchase-orders/{id}/lines/{lineId}/link-reservations', {
    body: LinkReservationsSchema,
    ...order,
    errors: purchasingCodes(
      'purchase_order_trashed',
      'invalid_status_transition',
      'unknown_reservation',
      'reservation_variant_mismatch',
      'reservation_closed',
      'dependency_unavailable',
    ),
  }),
  listReservations: apiRoute('GET', '/purchase-orders/{id}/reservations', {
    response: holds,
    errors: purchasingCodes('dependency_unavailable'),
  }),
  listLinkableReservations: apiRoute('GET', '/purchase-orders/{id}/linkable-reservations', {
    response: holds,
    errors: purchasingCodes('dependency_unavailable'),
  }),
  ...DOCUMENTS_API,
  // Orders from reorder requirements
  bulkFromRequirements: apiRoute('POST', '/purchase-orders/bulk-from-requirements', {
    body: BulkFromRequirementsSchema,
    response: BulkFromRequirementsResultSchema,
    errors: purchasingCodes('unknown_warehouse', 'dependency_unavailable', 'catalog_refused', 'inventory_refused'),
  }),
};
