import type { PurchaseOrderListQuery, PurchaseOrder as PurchaseOrderWire } from '@stockyard/contracts';
import { AggregateStore, stateOf, type OutboxRelay, type UniqueClaims } from '@stockyard/service-kit';
import { inParts, RowLists } from '@stockyard/service-kit/store';
import { onOrderPrefix, onOrderTerm } from '../domain/on-order';
import type { PurchaseOrder } from '../domain/purchase-order';
import { attachmentKindTerm, HAS_ATTACHMENT } from '../domain/purchase-order-search';
import {
  purchaseOrderFilter,
  purchaseOrderSort,
  receiptsFilter,
  wantsAttachment,
  type PurchaseOrderFilters,
} from './purchase-order-filter';
import type { HoldLinkTells } from './hold-link-tells';
import type { PurchaseOrderModel } from './purchase-order.model';
import type { PurchaseOrderRowModel } from './purchase-order-row.model';
import type { PurchaseOrderRows } from './purchase-order-rows';
import { MAX_CANDIDATES, type PurchaseOrderTerms } from './purchase-order-terms';

/** States this process remembers after its writes (a receipt's three steps read the order once). */
const REMEMBERED = 2_000;
/** Orders read by id at once. */
const BY_IDS = 500;
/**
 * Open orders of one variant the on-order read takes (its range of terms holds a row per order):
 * past it the read fails rather than answer too little.
 */
const ON_ORDER_PER_VARIANT = 10_000;

/**
 * The orders' store: the kit's (lock, version guard, outbox), its numbers claimed; its terms and
 * list rows kept, and orders told of its hold links, with every write.
 */
export const purchaseOrderStore = (
  model: PurchaseOrderModel,
  relay: OutboxRelay,
  projections: { terms: PurchaseOrderTerms; rows: PurchaseOrderRows; tells: HoldLinkTells },
  numbers: UniqueClaims,
) =>
  new AggregateStore<PurchaseOrder>(model, relay, {
    name: 'Purchase order',
    remember: REMEMBERED,
    // Trashed orders keep their numbers: a number is never reused.
    unique: { claims: numbers, valuesOf: (po) => [po.orderNumber] },
    projections: [projections.terms, projections.rows, projections.tells],
  });
export type PurchaseOrderStore = ReturnType<typeof purchaseOrderStore>;

/**
 * The ids a list may hold (a superset, from the term index), or undefined for no such limit: the
 * search's candidates, and those with the documents asked for.
 */
async function candidates(terms: PurchaseOrderTerms, orgId: string, query: PurchaseOrderFilters) {
  let ids: string[] | undefined;
  const narrow = (found: string[] | undefined) => {
    if (found) ids = ids ? ids.filter((id) => found.includes(id)) : found;
  };
  if (query.search) narrow(await terms.searchCandidates(orgId, query.search));
  if (wantsAttachment(query) === true) {
    const kind = query.attachmentType;
    const hits = await terms.holding(orgId, [kind ? attachmentKindTerm(kind) : HAS_ATTACHMENT], MAX_CANDIDATES);
    narrow(hits.complete ? hits.refs : undefined);
  }
  return ids;
}

/** The orders' lists (GET /purchase-orders, the trash, an export's pages), read from their rows. */
export const purchaseOrderLists = (rows: PurchaseOrderRowModel, terms: PurchaseOrderTerms) =>
  new RowLists<PurchaseOrderListQuery, PurchaseOrderFilters, PurchaseOrderWire>(rows, {
    candidates: (orgId, query) => candidates(terms, orgId, query),
    filter: purchaseOrderFilter,
    sort: purchaseOrderSort,
  });
export type PurchaseOrderLists = ReturnType<typeof purchaseOrderLists>;

/** The orders as states: by id, by term, on order, pending receipts. */
export class PurchaseOrderReads {
  constructor(
    private readonly model: PurchaseOrderModel,
    private readonly store: PurchaseOrderStore,
    private readonly terms: PurchaseOrderTerms,
  ) {}

  /** The organization's order (trashed too), or undefined. */
  find(orgId: string, id: string): Promise<PurchaseOrder | undefined> {
    return this.store.read(orgId, id);
  }

  /** The organization's orders among the ids (trashed too), in no particular order. */
  async byIds(orgId: string, ids: readonly string[]): Promise<PurchaseOrder[]> {
    return [...(await this.store.readMany(orgId, ids)).values()];
  }

  /**
   * A page of the organization's orders (trashed too) that may hold a receipt applied in [from, to),
   * by id after `after`: those not fully received before `from` (a superset: receipts live inside the
   * order, and our store reads no condition on an array's items). `next` is the page's last id when
   * the page is full.
   */
  async mayHaveReceipts(orgId: string, from: Date, after: string | null, limit: number) {
    const filter = receiptsFilter(orgId, from, after);
    const projection = { outbox: 0, attachments: 0, tracking: 0 };
    const docs = await this.model.find(filter, projection).sort({ _id: 1 }).limit(limit).lean();
    const orders = docs.map((d) => stateOf<PurchaseOrder>(d));
    return { orders, next: orders.length === limit ? orders[orders.length - 1]!.id : null };
  }

  /** Every order holding any of these exact terms (on order, drafts: domain/on-order.ts), read by id. */
  async holdingAny(orgId: string, terms: readonly string[]): Promise<PurchaseOrder[]> {
    const { refs } = await this.terms.holding(orgId, terms);
    return this.byIds(orgId, refs);
  }

  /**
   * The open orders that may hold these variants on order (domain/on-order.ts), into the warehouse
   * or into any: its exact terms, else each variant's range of them (a point or a range of the term
   * index per variant, never a scan of the orders); then those orders by id, without their
   * attachments, tracking and outbox.
   */
  async mayHoldOnOrder(orgId: string, variantIds: readonly string[], warehouseId?: string): Promise<PurchaseOrder[]> {
    const ids = await this.refsOnOrder(orgId, [...new Set(variantIds)], warehouseId);
    const projection = { outbox: 0, attachments: 0, tracking: 0 };
    const read = async (part: string[]) =>
      (await this.model.find({ orgId, _id: { $in: part } }, projection).lean()).map((d) => stateOf<PurchaseOrder>(d));
    return inParts(ids, BY_IDS, read, { together: true });
  }

  /** Ids of the orders holding an on-order term of these variants, into the warehouse or into any. */
  private async refsOnOrder(orgId: string, variantIds: string[], warehouseId: string | undefined): Promise<string[]> {
    if (warehouseId) {
      const terms = variantIds.map((v) => onOrderTerm(v, warehouseId));
      return (await this.terms.holding(orgId, terms)).refs;
    }
    const hits = await Promise.all(
      variantIds.map((v) => this.terms.startingWith(orgId, onOrderPrefix(v), ON_ORDER_PER_VARIANT)),
    );
    if (hits.some((h) => !h.complete)) {
      throw new Error(`a variant is on more than ${ON_ORDER_PER_VARIANT} open orders: the on-order read stops`);
    }
    return [...new Set(hits.flatMap((h) => h.refs))];
  }

  /** Orders with receipts still pending, any organization's (the receipt sweep), at most `limit`. */
  async withPendingReceipts(limit: number): Promise<PurchaseOrder[]> {
    const docs = await this.model.find({ pendingReceipts: true }, { outbox: 0 }).limit(limit).lean();
    return docs.map((d) => stateOf<PurchaseOrder>(d));
  }
}
