import type { Invoice, InvoiceLine } from '../../src/domain/invoice';
import type { InvoiceSettings } from '../../src/domain/invoice-settings';
import type { MatchContext, OrderLineBasis } from '../../src/domain/line-matching';

export const NOW = new Date('2026-11-26T10:00:00Z');
let seq = 0;

export function aLine(fields: Partial<InvoiceLine> = {}): InvoiceLine {
  seq++;
  return {
    id: `inl_${seq}`,
    vendorSku: null,
    purchaseOrderLineId: null,
    description: null,
    quantity: 3,
    unitCost: 2.5,
    quantityVariance: null,
    costVariance: null,
    withinTolerance: null,
    purchaseOrderUnitCost: null,
    receivedQuantity: null,
    ...fields,
  };
}

/** An invoice as the store would hold it: OUTSTANDING, one line of 3 × 2.50 against po_1. */
export function anInvoice(fields: Partial<Invoice> = {}): Invoice {
  seq++;
  return {
    id: `inv_${seq}`,
    orgId: 'org_1',
    version: 1,
    invoiceType: 'INVOICE',
    status: 'OUTSTANDING',
    invoiceNumber: `INV-${seq}`,
    channelId: 'src_1',
    vendorName: 'Acme',
    purchaseOrderId: 'po_1',
    purchaseOrderNumber: 'PO-000001',
    relatedInvoiceId: null,
    currency: 'EUR',
    invoiceDate: '2026-11-01',
    dueDate: '2026-12-01',
    notes: null,
    lines: [aLine()],
    charges: [],
    subtotal: 7.5,
    total: 7.5,
    reconciled: false,
    reconciledAt: null,
    accountingPushedAt: null,
    paymentDate: null,
    paymentReference: null,
    paymentMethod: null,
    submittedAt: null,
    approvedAt: null,
    disputedAt: null,
    paidAt: null,
    createdAt: NOW,
    updatedAt: NOW,
    deletedAt: null,
    ...fields,
  };
}

export const aBasis = (fields: Partial<OrderLineBasis> = {}): OrderLineBasis => ({
  id: 'pol_1',
  variantId: 'var_1',
  unitCost: 2.5,
  receivedQuantity: 3,
  skus: ['SUP-1', 'SKU-1', 'SKU-1'],
  ...fields,
});

export const aContext = (lines: OrderLineBasis[] = [aBasis()], percent = 0, amount = 0): MatchContext => ({
  lines: new Map(lines.map((l) => [l.id, l])),
  tolerance: { percent, amount },
});

export const SETTINGS: InvoiceSettings = {
  workflow: 'simple',
  accountingPush: 'none',
  tolerance: { percent: 0, amount: 0 },
};
