import type { CreateInvoice, InternalPurchaseOrder, UpdateInvoice } from '@stockyard/contracts';
import { newId, notFound, type Decision } from '@stockyard/service-kit';
import { newInvoice } from '../domain/create-invoice';
import type { Invoice } from '../domain/invoice';
import {
  purchaseOrderMismatch,
  purchaseOrderRequired,
  relatedInvoiceNotAllowed,
  unknownPurchaseOrder,
  unknownRelatedInvoice,
  unknownVendor,
  vendorMismatch,
  vendorRequired,
} from '../domain/invoice.errors';
import { restoreInvoice, trashInvoice } from '../domain/invoice-workflow';
import { invoiceVarianceApplied } from '../domain/invoice-variance-applied';
import { updateInvoice } from '../domain/update-invoice';
import type { CatalogReads } from '../peers/catalog-reads';
import type { SettingsReads } from '../peers/org-settings';
import type { PurchaseOrderReads } from '../peers/purchase-orders';
import type { InvoiceReads, InvoiceStore } from '../store/invoice.repository';
import { contextOf } from './match-context';
import { withVariances } from './variance-writes';

/** An invoice's own use cases: record it (checking what it names with the peers), read, edit, trash. */
export class InvoiceCommands {
  constructor(
    private readonly store: InvoiceStore,
    private readonly reads: InvoiceReads,
    private readonly orders: PurchaseOrderReads,
    private readonly catalog: CatalogReads,
    private readonly settings: SettingsReads,
  ) {}

  async get(orgId: string, id: string): Promise<Invoice> {
    const inv = await this.reads.find(orgId, id);
    if (!inv) throw notFound('Invoice');
    return inv;
  }

  /**
   * POST /invoices. A standard invoice names its purchase order (its vendor is the order's
   * supplier); a memo names an order, a related standard invoice (whose order and vendor it
   * takes) or only its vendor (`channelId`). What several of them say must agree.
   */
  async create(orgId: string, body: CreateInvoice): Promise<Invoice> {
    if (body.invoiceType === 'INVOICE' && !body.purchaseOrderId) throw purchaseOrderRequired();
    if (body.invoiceType === 'INVOICE' && body.relatedInvoiceId) throw relatedInvoiceNotAllowed();
    const related = body.relatedInvoiceId ? await this.relatedInvoice(orgId, body.relatedInvoiceId) : null;
    if (related?.purchaseOrderId && body.purchaseOrderId && related.purchaseOrderId !== body.purchaseOrderId) {
      throw purchaseOrderMismatch();
    }
    const poId = body.purchaseOrderId ?? related?.purchaseOrderId ?? null;
    const [po, settings] = await Promise.all([
      poId ? this.liveOrder(orgId, poId) : null,
      this.settings.settings(orgId),
    ]);
    const channelIds = new Set([po?.channelId, related?.channelId, body.channelId].filter((c) => c !== undefined));
    if (channelIds.size === 0) throw vendorRequired();
    if (channelIds.size > 1) throw vendorMismatch();
    const channelId = [...channelIds][0]!;
    const source = await this.catalog.source(orgId, channelId);
    if (!source) throw unknownVendor(channelId);
    const { state, events } = newInvoice({
      orgId,
      id: newId('inv'),
      body,
      vendor: { channelId, name: source.name, currency: source.currency, paymentTermsDays: source.paymentTermsDays },
      purchaseOrder: po ? { id: po.id, orderNumber: po.orderNumber, currency: po.currency } : null,
      relatedInvoiceId: related?.id ?? null,
      context: po ? contextOf(po, settings.tolerance) : null,
      settings,
      now: new Date(),
      newId: (prefix) => newId(prefix),
    });
    // A payable invoice recorded with matched lines: its variances count from its first write.
    const applied = po ? invoiceVarianceApplied(null, state, po) : undefined;
    return this.store.create(state, applied ? [...events, applied] : events);
  }

  /** PUT /invoices/{id} (DRAFT only); a new number is claimed for the vendor by the store before the write. */
  update = (orgId: string, id: string, body: UpdateInvoice) =>
    this.decide(orgId, id, (inv) => updateInvoice(inv, body, () => newId('chg')));
  trash = (orgId: string, id: string) => this.decide(orgId, id, (inv) => trashInvoice(inv, new Date()));
  restore = (orgId: string, id: string) => this.decide(orgId, id, (inv) => restoreInvoice(inv));

  private async decide(orgId: string, id: string, decide: (inv: Invoice) => Decision<Invoice, Invoice>) {
    return (await this.store.change(orgId, id, withVariances(this.orders, decide))).state;
  }

  /** A live order of the organization, else 422 `unknown_purchase_order`. */
  private async liveOrder(orgId: string, id: string): Promise<InternalPurchaseOrder> {
    const po = await this.orders.order(orgId, id);
    if (!po || po.deletedAt) throw unknownPurchaseOrder(id);
    return po;
  }

  /** A memo's related invoice: a live standard invoice of the organization, else 422. */
  private async relatedInvoice(orgId: string, id: string): Promise<Invoice> {
    const inv = await this.reads.find(orgId, id);
    if (!inv || inv.deletedAt || inv.invoiceType !== 'INVOICE') throw unknownRelatedInvoice(id);
    return inv;
  }
}
