import type { EventEnvelope } from '@stockyard/contracts';
import { newEvent, SearchIndex, searchKey } from '@stockyard/service-kit';
import type { Connection } from 'mongoose';
import { z } from 'zod';
import type { Invoice } from '../domain/invoice';
import { SEARCH_TERMS_CHANGED, searchTermsOf } from '../domain/invoice-search';
import { LocalUpdates } from './local-updates';

/** Candidates past this many: the list reads the invoices themselves with the exact condition. */
export const MAX_CANDIDATES = 1_000;

const TermsChangedSchema = z.object({
  orgId: z.string(),
  invoiceId: z.string(),
  version: z.number().int().positive(),
  terms: z.array(z.string()),
});

/** The invoices' term index (the kit's `SearchIndex`, `invoice_terms`), kept from each invoice's outbox. */
export class InvoiceTerms {
  private readonly index: SearchIndex;
  readonly updates: LocalUpdates;

  constructor(connection: Connection) {
    this.index = new SearchIndex(connection, 'invoice_terms');
    this.updates = new LocalUpdates(SEARCH_TERMS_CHANGED, (event) => this.apply(event));
  }

  get model() {
    return this.index.model;
  }

  /** The index update a change needs (none when its terms stay); `version` is the one the write makes. */
  eventsFor(before: Invoice | null, after: Invoice, version: number): EventEnvelope[] {
    const terms = searchTermsOf(after).sort();
    if (before && searchTermsOf(before).sort().join('\n') === terms.join('\n')) return [];
    return [newEvent(SEARCH_TERMS_CHANGED, { orgId: after.orgId, invoiceId: after.id, version, terms })];
  }

  private async apply(event: EventEnvelope): Promise<void> {
    const { orgId, invoiceId, version, terms } = TermsChangedSchema.parse({ ...event.payload, orgId: event.orgId });
    await this.index.replace(orgId, invoiceId, version, terms);
  }

  /** Ids of the invoices a search may match (a superset), or undefined when too many do. */
  async searchCandidates(orgId: string, search: string): Promise<string[] | undefined> {
    const key = searchKey(search);
    if (key === '') return [];
    const hits = await this.index.refsStartingWith(orgId, key, MAX_CANDIDATES);
    return hits.complete ? hits.refs : undefined;
  }
}
