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
import { declareRoutes } from './bound-route';
import { purchasingCodes } from './purchasing.errors';

const { spec, added } = declareRoutes('purchasing');

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
  listAttachments: spec('GET', '/purchase-orders/{id}/attachments', 'pos.read', 200, {
    response: z.object({ data: z.array(AttachmentSchema) }),
  }),
  recordAttachment: spec('POST', '/purchase-orders/{id}/attachments', 'pos.write', 201, {
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
  createUploadUrl: spec('POST', '/purchase-orders/{id}/attachments/upload-url', 'pos.write', 201, {
    query: UploadUrlQuerySchema,
    response: UploadUrlSchema,
    errors: purchasingCodes(
      'purchase_order_trashed',
      'unsupported_attachment_type',
      'too_many_attachments',
      'dependency_unavailable',
    ),
  }),
  deleteAttachment: spec('DELETE', '/purchase-orders/{id}/attachments/{attachmentId}', 'pos.write', 200, {
    response: AttachmentSchema,
    errors: purchasingCodes('purchase_order_trashed', 'dependency_unavailable'),
  }),
  purchaseOrderPdf: spec('GET', '/purchase-orders/{id}/pdf', 'pos.read', 200, {
    response: null,
    produces: 'application/pdf',
    headers: ['Content-Disposition'],
  }),
  sendEmail: spec('POST', '/purchase-orders/{id}/send-email', 'pos.write', 201, {
    body: SendEmailSchema,
    response: PurchaseOrderMessageSchema,
    errors: purchasingCodes(
      'purchase_order_trashed',
      'supplier_email_missing',
      'email_delivery_failed',
      'dependency_unavailable',
    ),
  }),
  sendFollowUp: spec('POST', '/purchase-orders/{id}/send-follow-up', 'pos.write', 201, {
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
  listMessages: spec('GET', '/purchase-orders/{id}/messages', 'pos.read', 200, {
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
  // Purchase orders
  createPurchaseOrder: spec('POST', '/purchase-orders', 'pos.write', 201, {
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
  listPurchaseOrders: spec('GET', '/purchase-orders', 'pos.read', 200, {
    query: paged(PurchaseOrderListQuerySchema),
    response: listOf(PurchaseOrderSchema),
  }),
  listTrashedPurchaseOrders: spec('GET', '/purchase-orders/trash', 'pos.read', 200, {
    query: PageQuerySchema,
    response: listOf(PurchaseOrderSchema),
  }),
  getPurchaseOrder: spec('GET', '/purchase-orders/{id}', 'pos.read', 200, order),
  updatePurchaseOrder: spec('PUT', '/purchase-orders/{id}', 'pos.write', 200, {
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
  deletePurchaseOrder: spec('DELETE', '/purchase-orders/{id}', 'pos.write', 200, {
    ...order,
    errors: purchasingCodes('invalid_status_transition'),
  }),
  // A trashed order keeps its number's claim: restoring it never finds the number taken.
  restorePurchaseOrder: spec('POST', '/purchase-orders/{id}/restore', 'pos.write', 201, order),
  submitPurchaseOrder: spec('POST', '/purchase-orders/{id}/submit', 'pos.write', 201, {
    ...order,
    errors: purchasingCodes('purchase_order_trashed', 'invalid_status_transition', 'purchase_order_has_no_lines'),
  }),
  cancelPurchaseOrder: spec('POST', '/purchase-orders/{id}/cancel', 'pos.write', 201, {
    ...order,
    errors: purchasingCodes(
      'purchase_order_trashed',
      'invalid_status_transition',
      'purchase_order_has_receipts',
      'purchase_order_receipt_pending',
    ),
  }),
  // Short-close (issue #24): stop waiting for the rest of a partially received order.
  closePurchaseOrder: added('POST', '/purchase-orders/{id}/close', 'pos.write', 201, {
    ...order,
    errors: purchasingCodes('purchase_order_trashed', 'invalid_status_transition', 'purchase_order_receipt_pending'),
  }),
  reopenPurchaseOrder: added('POST', '/purchase-orders/{id}/reopen', 'pos.write', 201, {
    ...order,
    errors: purchasingCodes('purchase_order_trashed', 'invalid_status_transition'),
  }),
  // Order again what an earlier order held: a new DRAFT with its supplier, warehouse and lines.
  duplicatePurchaseOrder: added('POST', '/purchase-orders/{id}/duplicate', 'pos.write', 201, {
    ...order,
    errors: purchasingCodes(
      'unknown_warehouse',
      'unknown_source',
      'unknown_variant',
      'dependency_unavailable',
      'catalog_refused',
      'inventory_refused',
    ),
  }),
  addLine: spec('POST', '/purchase-orders/{id}/lines', 'pos.write', 201, {
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
  updateLine: spec('PUT', '/purchase-orders/{id}/lines/{lineId}', 'pos.write', 200, {
    body: UpdateLineSchema,
    ...order,
    errors: purchasingCodes('purchase_order_trashed', 'invalid_status_transition', 'quantity_below_received'),
  }),
  deleteLine: spec('DELETE', '/purchase-orders/{id}/lines/{lineId}', 'pos.write', 200, {
    ...order,
    errors: purchasingCodes('purchase_order_trashed', 'invalid_status_transition', 'line_has_receipts'),
  }),
  receiveLine: spec('POST', '/purchase-orders/{id}/lines/{lineId}/receive', 'pos.receive', 201, {
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
  addTracking: spec('POST', '/purchase-orders/{id}/tracking', 'pos.write', 201, {
    body: AddTrackingSchema,
    ...order,
    errors: purchasingCodes('purchase_order_trashed', 'invalid_status_transition'),
  }),
  linkReservations: spec('POST', '/purchase-orders/{id}/lines/{lineId}/link-reservations', 'pos.write', 201, {
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
  listReservations: spec('GET', '/purchase-orders/{id}/reservations', 'pos.read', 200, {
    response: holds,
    errors: purchasingCodes('dependency_unavailable'),
  }),
  listLinkableReservations: spec('GET', '/purchase-orders/{id}/linkable-reservations', 'pos.read', 200, {
    response: holds,
    errors: purchasingCodes('dependency_unavailable'),
  }),
  ...DOCUMENTS_API,
  // Orders from reorder requirements
  bulkFromRequirements: spec('POST', '/purchase-orders/bulk-from-requirements', 'pos.write', 201, {
    body: BulkFromRequirementsSchema,
    response: BulkFromRequirementsResultSchema,
    errors: purchasingCodes('unknown_warehouse', 'dependency_unavailable', 'catalog_refused', 'inventory_refused'),
  }),
};
