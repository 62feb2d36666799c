import type { EventEnvelope } from '@stockyard/contracts';
import { newEvent, RecentWork, SearchIndex, searchKey } from '@stockyard/service-kit';
import type { Connection } from 'mongoose';
import { z } from 'zod';
import type { PurchaseOrder } from '../domain/purchase-order';
import { SEARCH_TERMS_CHANGED, searchTermsOf } from '../domain/purchase-order-search';

/** Index updates this process applied lately, by event id, for the relay's copy to skip. */
const RECENT_UPDATES = 20_000;
/** Candidates past this many: the list reads the orders themselves with the exact condition. */
export const MAX_CANDIDATES = 1_000;

const TermsChangedSchema = z.object({
  orgId: z.string(),
  purchaseOrderId: z.string(),
  version: z.number().int().positive(),
  terms: z.array(z.string()),
});

/**
 * The orders' term index (the kit's `SearchIndex`, `purchase_order_terms`), kept from each
 * order's outbox by a local event, as the catalog keeps its products': applied before the
 * write answers, and again by the relay's local handler (a no-op then; a crash relies on it).
 */
export class PurchaseOrderTerms {
  private readonly index: SearchIndex;
  private readonly recent = new RecentWork(RECENT_UPDATES);

  constructor(connection: Connection) {
    this.index = new SearchIndex(connection, 'purchase_order_terms');
  }

  get model() {
    return this.index.model;
  }

  /** The index update a change needs (none when its terms stay); `version` is the one the write makes. */
  eventsFor(before: PurchaseOrder | null, after: PurchaseOrder, version: number): EventEnvelope[] {
    const terms = searchTermsOf(after).sort();
    const previous = before ? searchTermsOf(before).sort() : [];
    if (before && terms.length === previous.length && terms.every((t, i) => t === previous[i])) return [];
    return [newEvent(SEARCH_TERMS_CHANGED, { orgId: after.orgId, purchaseOrderId: after.id, version, terms })];
  }

  /** A write's updates, applied before the request answers. */
  async applyAll(events: readonly EventEnvelope[]): Promise<void> {
    for (const event of events) {
      if (event.name === SEARCH_TERMS_CHANGED) await this.recent.run(event.id, () => this.apply(event));
    }
  }

  /** The relay's local handler: skips what the request path just applied. */
  async applyIfNew(event: EventEnvelope): Promise<void> {
    await this.recent.runIfNew(event.id, () => this.apply(event));
  }

  private async apply(event: EventEnvelope): Promise<void> {
    const { orgId, purchaseOrderId, version, terms } = TermsChangedSchema.parse({
      ...event.payload,
      orgId: event.orgId,
    });
    await this.index.replace(orgId, purchaseOrderId, version, terms);
  }

  /** Ids of the orders a search may match (a superset), or undefined when too many do. */
  async searchCandidates(orgId: string, search: string): Promise<string[] | undefined> {
    const key = searchKey(search);
    if (key === '') return [];
    const hits = await this.index.refsStartingWith(orgId, key, MAX_CANDIDATES);
    return hits.complete ? hits.refs : undefined;
  }

  /** Ids of the orders holding an exact term (an attachment kind), or undefined when too many do. */
  async holding(orgId: string, term: string): Promise<string[] | undefined> {
    const hits = await this.index.refsWithTerms(orgId, [term], MAX_CANDIDATES);
    return hits.complete ? hits.refs : undefined;
  }

  // Orders from requirements

  /** Ids of every order holding any of these exact terms (on order, drafts: domain/on-order.ts). */
  async holdingAny(orgId: string, terms: readonly string[]): Promise<string[]> {
    return terms.length === 0 ? [] : (await this.index.refsWithTerms(orgId, terms)).refs;
  }
}
