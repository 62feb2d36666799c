import type { EventEnvelope } from '@stockyard/contracts';
import { newEvent, SearchIndex, searchKey } from '@stockyard/service-kit';
import type { Connection } from 'mongoose';
import { z } from 'zod';
import type { Order } from '../domain/order';
import { SEARCH_TERMS_CHANGED, searchTermsOf } from '../domain/order-search';
import { LocalProjection } from './local-projection';

/** Candidates past this many: the list reads the orders themselves with the exact condition. */
export const MAX_CANDIDATES = 1_000;

const TermsChangedSchema = z.object({
  orgId: z.string(),
  orderId: z.string(),
  version: z.number().int().positive(),
  terms: z.array(z.string()),
});

/**
 * The orders' term index (the kit's `SearchIndex`, `order_terms`), kept from each order's outbox
 * by a local event, as purchasing keeps its orders': applied before the write answers, and again
 * by the relay's local handler.
 */
export class OrderTerms {
  private readonly index: SearchIndex;
  readonly projection: LocalProjection;

  constructor(connection: Connection) {
    this.index = new SearchIndex(connection, 'order_terms');
    this.projection = new LocalProjection(SEARCH_TERMS_CHANGED, (event) => this.apply(event));
  }

  get model() {
    return this.index.model;
  }

  /** The index update a change needs (none when its terms stay); `version` is the one the write makes. */
  eventsFor(before: Order | null, after: Order, version: number): EventEnvelope[] {
    const terms = searchTermsOf(after).sort();
    const previous = before ? searchTermsOf(before).sort() : [];
    if (before && terms.length === previous.length && terms.every((t, i) => t === previous[i])) return [];
    return [newEvent(SEARCH_TERMS_CHANGED, { orgId: after.orgId, orderId: after.id, version, terms })];
  }

  private async apply(event: EventEnvelope): Promise<void> {
    const { orgId, orderId, version, terms } = TermsChangedSchema.parse({ ...event.payload, orgId: event.orgId });
    await this.index.replace(orgId, orderId, version, terms);
  }

  /** Ids of the orders a search may match (a superset), or undefined when too many do. */
  async searchCandidates(orgId: string, search: string): Promise<string[] | undefined> {
    const key = searchKey(search);
    if (key === '') return [];
    const hits = await this.index.refsStartingWith(orgId, key, MAX_CANDIDATES);
    return hits.complete ? hits.refs : undefined;
  }

  /** Ids of every order holding an exact term (open orders of an ASSEMBLY variant). */
  async holding(orgId: string, term: string): Promise<string[]> {
    return (await this.index.refsWithTerms(orgId, [term])).refs;
  }
}
