import type { ExportJob } from '../../src/domain/export-job';

/** A purchase order as the list answers it, with `lines` (its fields as PurchaseOrderSchema has them). */
export function purchaseOrderRecord(overrides: Record<string, unknown> = {}) {
  const line = (id: string, sku: string, quantity: number) => ({
    id,
    variantId: `var_${id}`,
    sku,
    name: `Item ${id}`,
    supplierSku: null,
    quantity,
    unitCost: 2.5,
    receivedQuantity: 0,
    openQuantity: quantity,
    total: quantity * 2.5,
    reservationIds: [],
  });
  return {
    id: 'po_1',
    orderNumber: 'PO-1',
    status: 'DRAFT',
    type: 'STANDARD',
    channelId: 'src_1',
    supplierName: 'Acme, "the best"',
    warehouseId: null,
    currency: 'EUR',
    expectedAt: null,
    notes: 'first line\nsecond line',
    lines: [line('l1', 'SKU-1', 4), line('l2', '=HYPERLINK("x")', 2)],
    total: 15,
    receipts: [],
    tracking: [],
    attachments: [],
    hasInvoice: false,
    submittedAt: null,
    receivedAt: null,
    cancelledAt: null,
    closedAt: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    deletedAt: null,
    ...overrides,
  };
}

/** An export job as stored, queued, with what a test changes. */
export const exportJob = (overrides: Partial<ExportJob> = {}): ExportJob => ({
  id: 'exp_1',
  orgId: 'org_1',
  version: 1,
  resource: 'audit_events',
  format: 'csv',
  filters: {},
  fields: null,
  status: 'queued',
  requestedBy: { keyId: 'key_1', actor: null },
  rowsWritten: 0,
  bytesWritten: 0,
  attempt: 0,
  objectKey: null,
  failureCode: null,
  leaseOwner: null,
  leaseUntil: null,
  startedAt: null,
  finishedAt: null,
  expiredAt: null,
  ...overrides,
});
