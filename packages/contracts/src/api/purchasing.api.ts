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
  }),
  createUploadUrl: apiRoute('POST', '/purchase-orders/{id}/attachments/upload-url', {
    query: UploadUrlQuerySchema,
    response: UploadUrlSchema,
  }),
  deleteAttachment: apiRoute('DELETE', '/purchase-orders/{id}/attachments/{attachmentId}', {
    response: AttachmentSchema,
  }),
  purchaseOrderPdf: apiRoute('GET', '/purchase-orders/{id}/pdf', { response: null, produces: 'application/pdf' }),
  sendEmail: apiRoute('POST', '/purchase-orders/{id}/send-email', {
    body: SendEmailSchema,
    response: PurchaseOrderMessageSchema,
  }),
  sendFollowUp: apiRoute('POST', '/purchase-orders/{id}/send-follow-up', {
    body: SendFollowUpSchema,
    response: PurchaseOrderMessageSchema,
  }),
  listMessages: apiRoute('GET', '/purchase-orders/{id}/messages', {
    query: PageQuerySchema,
    response: z.array(PurchaseOrderMessageSchema),
  }),
};

/**
 * The purchasing service's routes with their wire shapes. Rows not here yet (attachments, the
 * PDF, e-mail, messages, bulk from requirements) answer 501 until they are built.
 */
export const PURCHASING_API = {
  createPurchaseOrder: apiRoute('POST', '/purchase-orders', { body: CreatePurchaseOrderSchema, ...order }),
  listPurchaseOrders: apiRoute('GET', '/purchase-orders', {
    query: paged(PurchaseOrderListQuerySchema),
    response: listOf(PurchaseOrderSchema),
  }),
  listTrashedPurchaseOrders: apiRoute('GET', '/purchase-orders/trash', {
    query: PageQuerySchema,
    response: listOf(PurchaseOrderSchema),
  }),
  getPurchaseOrder: apiRoute('GET', '/purchase-orders/{id}', order),
  updatePurchaseOrder: apiRoute('PUT', '/purchase-orders/{id}', { body: UpdatePurchaseOrderSchema, ...order }),
  deletePurchaseOrder: apiRoute('DELETE', '/purchase-orders/{id}', order),
  restorePurchaseOrder: apiRoute('POST', '/purchase-orders/{id}/restore', order),
  submitPurchaseOrder: apiRoute('POST', '/purchase-orders/{id}/submit', order),
  cancelPurchaseOrder: apiRoute('POST', '/purchase-orders/{id}/cancel', order),
  closePurchaseOrder: apiRoute('POST', '/purchase-orders/{id}/close', order),
  addLine: apiRoute('POST', '/purchase-orders/{id}/lines', { body: AddLineSchema, ...order }),
  updateLine: apiRoute('PUT', '/purchase-orders/{id}/lines/{lineId}', { body: UpdateLineSchema, ...order }),
  deleteLine: apiRoute('DELETE', '/purchase-orders/{id}/lines/{lineId}', order),
  receiveLine: apiRoute('POST', '/purchase-orders/{id}/lines/{lineId}/receive', { body: ReceiveLineSchema, ...order }),
  addTracking: apiRoute('POST', '/purchase-orders/{id}/tracking', { body: AddTrackingSchema, ...order }),
  linkReservations: apiRoute('POST', '/purchase-orders/{id}/lines/{lineId}/link-reservations', {
    body: LinkReservationsSchema,
    ...order,
  }),
  listReservations: apiRoute('GET', '/purchase-orders/{id}/reservations', { response: holds }),
  listLinkableReservations: apiRoute('GET', '/purchase-orders/{id}/linkable-reservations', { response: holds }),
  ...DOCUMENTS_API,
  // Orders from reorder requirements
  bulkFromRequirements: apiRoute('POST', '/purchase-orders/bulk-from-requirements', {
    body: BulkFromRequirementsSchema,
    response: BulkFromRequirementsResultSchema,
  }),
};
