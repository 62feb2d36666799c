import type { InvoiceListQuery, Invoice as InvoiceWire } from '@stockyard/contracts';
import { AggregateStore, stateOf, type OutboxRelay, type UniqueClaims } from '@stockyard/service-kit';
import { RowLists } from '@stockyard/service-kit/store';
import type { Invoice } from '../domain/invoice';
import { invoiceFilter, invoiceSort, type InvoiceFilters } from './invoice-filter';
import type { InvoiceModel } from './invoice.model';
import type { InvoiceRowModel } from './invoice-row.model';
import type { InvoiceRows } from './invoice-rows';
import { numberValueOf } from './invoice-numbers';
import type { InvoiceTerms } from './invoice-terms';
import type { VendorBalances } from './vendor-balances';

/**
 * The invoices' store: the kit's (lock, version guard, outbox), the vendor's number claimed, and
 * the invoice's terms, list row and its vendor's balance kept with every write.
 */
export const invoiceStore = (
  model: InvoiceModel,
  relay: OutboxRelay,
  projections: { terms: InvoiceTerms; rows: InvoiceRows; balances: VendorBalances },
  numbers: UniqueClaims,
) =>
  new AggregateStore<Invoice>(model, relay, {
    name: 'Invoice',
    remember: 2_000,
    // Live invoices hold their vendor's number; a trashed one gives it up.
    unique: { claims: numbers, valuesOf: (inv) => (inv.deletedAt ? [] : [numberValueOf(inv)]) },
    projections: [projections.terms, projections.rows, projections.balances],
  });
export type InvoiceStore = ReturnType<typeof invoiceStore>;

/** The invoices' lists (GET /invoices, the trash, an export's pages), read from their rows (invoice-rows.ts). */
export const invoiceLists = (rows: InvoiceRowModel, terms: InvoiceTerms) =>
  new RowLists<InvoiceListQuery, InvoiceFilters, InvoiceWire>(rows, {
    candidates: async (orgId, query) => (query.search ? terms.searchCandidates(orgId, query.search) : undefined),
    filter: invoiceFilter,
    sort: invoiceSort,
  });
export type InvoiceLists = ReturnType<typeof invoiceLists>;

/** The invoices as states: by id, by purchase order, by vendor, by period. */
export class InvoiceReads {
  constructor(
    private readonly model: InvoiceModel,
    private readonly store: InvoiceStore,
  ) {}

  /** The organization's invoice (trashed too), or undefined. */
  find(orgId: string, id: string): Promise<Invoice | undefined> {
    return this.store.read(orgId, id);
  }

  /** The organization's live invoices of a purchase order (an order has a handful). */
  async ofPurchaseOrder(orgId: string, purchaseOrderId: string): Promise<Invoice[]> {
    const docs = await this.model
      .find({ orgId, deletedAt: null, purchaseOrderId }, { outbox: 0 })
      .sort({ createdAt: -1, _id: -1 })
      .lean();
    return docs.map((d) => stateOf<Invoice>(d));
  }

  /** A vendor's live invoices dated in a range, oldest first, at most `limit`. */
  async ofVendor(orgId: string, channelId: string, from: string | undefined, to: string | undefined, limit: number) {
    const invoiceDate = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
    const filter = { orgId, channelId, deletedAt: null, ...(from || to ? { invoiceDate } : {}) };
    const docs = await this.model.find(filter, { outbox: 0 }).sort({ invoiceDate: 1, _id: 1 }).limit(limit).lean();
    return docs.map((d) => stateOf<Invoice>(d));
  }

  /**
   * The recorded (not DRAFT) live documents dated from `fromDay` to `toDay` (inclusive), every type:
   * the purchase-spend report's (along the `invoiceDate` list index).
   */
  async recordedBetween(orgId: string, fromDay: string, toDay: string): Promise<Invoice[]> {
    const filter = { orgId, deletedAt: null, invoiceDate: { $gte: fromDay, $lte: toDay }, status: { $ne: 'DRAFT' } };
    const docs = await this.model.find(filter, { outbox: 0 }).sort({ invoiceDate: -1, _id: -1 }).lean();
    return docs.map((d) => stateOf<Invoice>(d));
  }
}
