import type { EventEnvelope, InvoiceListQuery, Page } from '@stockyard/contracts';
import {
  AggregateStore,
  readPage,
  stateOf,
  type Changed,
  type Decide,
  type OutboxRelay,
  type StatePage,
  type UniqueClaims,
} from '@stockyard/service-kit';
import type { Invoice, NewInvoice } from '../domain/invoice';
import { EARLIEST, invoiceFilter, invoiceSort } from './invoice-filter';
import type { InvoiceModel } from './invoice.model';
import { numberValueOf } from './invoice-numbers';
import type { InvoiceTerms } from './invoice-terms';
import type { VendorBalances } from './vendor-balances';

/**
 * Every write of an invoice goes through here: the kit's store (lock, version guard, outbox, the
 * vendor's number claimed), with the local updates of its search terms and its vendor's balance
 * added to each change that moves them, applied before the write answers.
 */
export class InvoiceRepository {
  readonly store: AggregateStore<Invoice>;

  constructor(
    private readonly model: InvoiceModel,
    relay: OutboxRelay,
    private readonly terms: InvoiceTerms,
    private readonly balances: VendorBalances,
    numbers: UniqueClaims,
  ) {
    this.store = new AggregateStore<Invoice>(model, relay, {
      name: 'Invoice',
      remember: 2_000,
      // Live invoices hold their vendor's number; a trashed one gives it up.
      unique: { claims: numbers, valuesOf: (inv) => (inv.deletedAt ? [] : [numberValueOf(inv)]) },
    });
  }

  private localEvents(before: Invoice | null, after: Invoice, version: number): EventEnvelope[] {
    return [...this.terms.eventsFor(before, after, version), ...this.balances.eventsFor(before, after)];
  }

  private async applyLocal(events: readonly EventEnvelope[]): Promise<void> {
    await this.terms.updates.applyAll(events);
    await this.balances.updates.applyAll(events);
  }

  async create(state: NewInvoice, events: EventEnvelope[]): Promise<Invoice> {
    const local = this.localEvents(null, { ...state, version: 1 } as Invoice, 1);
    const created = await this.store.create(state, [...events, ...local]);
    await this.applyLocal(local);
    return created;
  }

  async change<R>(orgId: string, id: string, decide: Decide<Invoice, R>): Promise<Changed<Invoice, R>> {
    const changed = await this.store.change(orgId, id, async (current) => {
      const decision = await decide(current);
      if (!decision.state) return decision;
      const local = this.localEvents(current, decision.state, current.version + 1);
      return { ...decision, events: [...(decision.events ?? []), ...local] };
    });
    if (changed.changed) await this.applyLocal(changed.events);
    return changed;
  }

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
