import { ListRows } from '@stockyard/service-kit';
import type { Invoice } from '../domain/invoice';
import { invoiceView } from '../domain/invoice-view';
import type { InvoiceModel } from './invoice.model';
import type { InvoiceRowModel } from './invoice-row.model';

/** An invoice's list row (its wire shape packed in `view`). */
export const rowOf = (inv: Invoice) => ({
  invoiceType: inv.invoiceType,
  status: inv.status,
  invoiceNumber: inv.invoiceNumber,
  channelId: inv.channelId,
  vendorName: inv.vendorName,
  purchaseOrderId: inv.purchaseOrderId,
  purchaseOrderNumber: inv.purchaseOrderNumber,
  invoiceDate: inv.invoiceDate,
  dueDate: inv.dueDate,
  total: inv.total,
  createdAt: inv.createdAt,
  updatedAt: inv.updatedAt,
  deletedAt: inv.deletedAt,
  view: JSON.stringify(invoiceView(inv)),
});

/**
 * The invoices' list rows (the kit's `ListRows`), a projection of the invoice store kept with
 * every write. Every list reads them (store/invoice.repository.ts): a page is 50 flat documents.
 * The store keeps an invoice as its state (no codec): the kit's `stateOf` reads a stored one.
 */
export const invoiceRows = (rows: InvoiceRowModel, invoices: InvoiceModel) =>
  new ListRows<Invoice>(rows.collection, invoices.collection, {
    event: 'invoice.row_changed',
    refField: 'invoiceId',
    rowOf,
  });
export type InvoiceRows = ReturnType<typeof invoiceRows>;
