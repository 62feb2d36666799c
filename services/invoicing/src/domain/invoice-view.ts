import type { Invoice as InvoiceWire } from '@stockyard/contracts';
import { iso } from './calendar';
import { lineTotalCents, type Invoice } from './invoice';
import { fromCents } from '@stockyard/contracts';

/** The invoice's wire shape (what the routes answer). */
export function invoiceView(inv: Invoice): InvoiceWire {
  return {
    id: inv.id,
    invoiceType: inv.invoiceType,
    status: inv.status,
    invoiceNumber: inv.invoiceNumber,
    purchaseOrderId: inv.purchaseOrderId,
    purchaseOrderNumber: inv.purchaseOrderNumber,
    relatedInvoiceId: inv.relatedInvoiceId,
    channelId: inv.channelId,
    vendorName: inv.vendorName,
    currency: inv.currency,
    invoiceDate: inv.invoiceDate,
    dueDate: inv.dueDate,
    notes: inv.notes,
    lines: inv.lines.map((l) => ({
      id: l.id,
      vendorSku: l.vendorSku,
      purchaseOrderLineId: l.purchaseOrderLineId,
      description: l.description,
      quantity: l.quantity,
      unitCost: l.unitCost,
      lineTotal: fromCents(lineTotalCents(l)),
      quantityVariance: l.quantityVariance,
      costVariance: l.costVariance,
      withinTolerance: l.withinTolerance,
      purchaseOrderUnitCost: l.purchaseOrderUnitCost,
      receivedQuantity: l.receivedQuantity,
    })),
    charges: inv.charges.map((c) => ({ id: c.id, description: c.description, amount: c.amount })),
    subtotal: inv.subtotal,
    total: inv.total,
    reconciled: inv.reconciled,
    reconciledAt: iso(inv.reconciledAt),
    accountingPushedAt: iso(inv.accountingPushedAt),
    paymentDate: inv.paymentDate,
    paymentReference: inv.paymentReference,
    paymentMethod: inv.paymentMethod,
    submittedAt: iso(inv.submittedAt),
    approvedAt: iso(inv.approvedAt),
    disputedAt: iso(inv.disputedAt),
    paidAt: iso(inv.paidAt),
    createdAt: iso(inv.createdAt)!,
    updatedAt: iso(inv.updatedAt)!,
    deletedAt: iso(inv.deletedAt),
  };
}
