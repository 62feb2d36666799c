import type { EventEnvelope, Page, PurchaseOrderListQuery } from '@stockyard/contracts';
import {
  AggregateStore,
  readPage,
  stateOf,
  type Changed,
  type Decision,
  type OutboxRelay,
  type StatePage,
  type UniqueClaims,
} from '@stockyard/service-kit';
import type { NewPurchaseOrder, PurchaseOrder } from '../domain/purchase-order';
import { attachmentKindTerm, HAS_ATTACHMENT } from '../domain/purchase-order-search';
import { EARLIEST, purchaseOrderFilter, purchaseOrderSort, wantsAttachment } from './purchase-order-filter';
import type { PurchaseOrderModel } from './purchase-order.model';
import type { PurchaseOrderTerms } from './purchase-order-terms';

/** States this process remembers after its writes (a receipt's three steps read the order once). */
const REMEMBERED = 2_000;

/**
 * Every write of a purchase order goes through here: the kit's store (lock, version guard,
 * outbox), with the update of the order's search terms added to each change that alters them
 * and applied before the write answers.
 */
export class PurchaseOrderRepository {
  readonly store: AggregateStore<PurchaseOrder>;

  constructor(
    private readonly model: PurchaseOrderModel,
    relay: OutboxRelay,
    private readonly terms: PurchaseOrderTerms,
    numbers: UniqueClaims,
  ) {
    this.store = new AggregateStore<PurchaseOrder>(model, relay, {
      name: 'Purchase order',
      remember: REMEMBERED,
      // Trashed orders keep their numbers: a number is never reused.
      unique: { claims: numbers, valuesOf: (po) => [po.orderNumber] },
    });
  }

  async create(state: NewPurchaseOrder, events: EventEnvelope[]): Promise<PurchaseOrder> {
    const termEvents = this.terms.eventsFor(null, { ...state, version: 1 } as PurchaseOrder, 1);
    const created = await this.store.create(state, [...events, ...termEvents]);
    await this.terms.applyAll(termEvents);
    return created;
  }

  async change<R>(
    orgId: string,
    id: string,
    decide: (current: PurchaseOrder) => Decision<PurchaseOrder, R>,
  ): Promise<Changed<PurchaseOrder, R>> {
    const changed = await this.store.change(orgId, id, (current) => {
      const decision = decide(current);
      if (!decision.state) return decision;
      const termEvents = this.terms.eventsFor(current, decision.state, current.version + 1);
      return { ...decision, events: [...(decision.events ?? []), ...termEvents] };
    });
    if (changed.changed) await this.terms.applyAll(changed.events);
    return changed;
  }

  /** The organization's order (trashed too), or undefined. */
  find(orgId: string, id: string): Promise<PurchaseOrder | undefined> {
    return this.store.read(orgId, id);
  }

  /** The organization's orders among the ids (trashed too), in no particular order. */
  async byIds(orgId: string, ids: string[]): Promise<PurchaseOrder[]> {
    const docs = await this.model.find({ orgId, _id: { $in: ids } }, { outbox: 0 }).lean();
    return docs.map((d) => stateOf<PurchaseOrder>(d));
  }

  /** Orders with receipts still pending, any organization's (the receipt sweep), at most `limit`. */
  async withPendingReceipts(limit: number): Promise<PurchaseOrder[]> {
    const docs = await this.model.find({ pendingReceipts: true }, { outbox: 0 }).limit(limit).lean();
    return docs.map((d) => stateOf<PurchaseOrder>(d));
  }

  /** GET /purchase-orders: live orders by the query's filters and sort (candidates from the term index first). */
  async list(orgId: string, query: PurchaseOrderListQuery & Page): Promise<StatePage<PurchaseOrder>> {
    let ids: string[] | undefined;
    const narrow = (found: string[] | undefined) => {
      if (found) ids = ids ? ids.filter((id) => found.includes(id)) : found;
    };
    if (query.search) narrow(await this.terms.searchCandidates(orgId, query.search));
    if (wantsAttachment(query) === true) {
      const kind = query.attachmentType;
      narrow(await this.terms.holding(orgId, kind ? attachmentKindTerm(kind) : HAS_ATTACHMENT));
    }
    return readPage(this.model, {
      filter: purchaseOrderFilter(orgId, query, ids),
      sort: purchaseOrderSort(query),
      page: { limit: query.limit, offset: query.offset },
      projection: { outbox: 0 },
    });
  }

  /** GET /purchase-orders/trash: trashed orders, the last trashed first. */
  trash(orgId: string, page: Page): Promise<StatePage<PurchaseOrder>> {
    return readPage(this.model, {
      filter: { orgId, deletedAt: { $gte: EARLIEST } },
      sort: { deletedAt: -1, _id: -1 },
      page,
      projection: { outbox: 0 },
    });
  }
}
