import type { InvoiceListQuery, Page } from '@stockyard/contracts';
import {
  AggregateStore,
  readPage,
  stateOf,
  type OutboxRelay,
  type StatePage,
  type UniqueClaims,
} from '@stockyard/service-kit';
import type { Invoice } from '../domain/invoice';
import { EARLIEST, invoiceFilter, invoiceSort } from './invoice-filter';
import type { InvoiceModel } from './invoice.model';
import { numberValueOf } from './invoice-numbers';
import type { InvoiceTerms } from './invoice-terms';
import type { VendorBalances } from './vendor-balances';

/**
 * The invoices' store: the kit's (lock, version guard, outbox), the vendor's number claimed, and
 * the invoice's terms and its vendor's balance kept with every write.
 */
export const invoiceStore = (
  model: InvoiceModel,
  relay: OutboxRelay,
  projections: { terms: InvoiceTerms; balances: VendorBalances },
  numbers: UniqueClaims,
) =>
  new AggregateStore<Invoice>(model, relay, {
    name: 'Invoice',
    remember: 2_000,
    // Live invoices hold their vendor's number; a trashed one gives it up.
    unique: { claims: numbers, valuesOf: (inv) => (inv.deletedAt ? [] : [numberValueOf(inv)]) },
    projections: [projections.terms, projections.balances],
  });
export type InvoiceStore = ReturnType<typeof invoiceStore>;

/** The invoices as states: by id, by order or vendor, and the lists. */
export class InvoiceReads {
  constructor(
    private readonly model: InvoiceModel,
    private readonly store: InvoiceStore,
    private readonly terms: InvoiceTerms,
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

  /** GET /invoices: live invoices by the query's filters and sort (candidates from the term index first). */
  async list(orgId: string, query: InvoiceListQuery & Page): Promise<StatePage<Invoice>> {
    const ids = query.search ? await this.terms.searchCandidates(orgId, query.search) : undefined;
    return readPage(this.model, {
      filter: invoiceFilter(orgId, query, ids),
      sort: invoiceSort(query),
      page: { limit: query.limit, offset: query.offset },
      projection: { outbox: 0 },
    });
  }

  /** GET /invoices/trash: trashed invoices, the last trashed first. */
  trash(orgId: string, page: Page): Promise<StatePage<Invoice>> {
    return readPage(this.model, {
      filter: { orgId, deletedAt: { $gte: EARLIEST } },
      sort: { deletedAt: -1, _id: -1 },
      page,
      projection: { outbox: 0 },
    });
  }
}
