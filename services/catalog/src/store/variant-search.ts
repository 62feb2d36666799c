import type { Page } from '@stockyard/contracts';
import { countOwned } from '@stockyard/service-kit';
import { keysetAfter, type Keyset } from '@stockyard/service-kit/internals';
import { termsMatch } from '../domain/variant-search';
import type { VariantList, VariantListRow } from './variant-list';

/** Below this many matching terms a search always reads them (a few ms); above, it picks the cheaper way. */
const ALWAYS_READ_TERMS = 1_000;
/** Variant-list rows a walk reads at a time, at most. */
const WALK_BATCH = 500;

/** MongoDB's order of strings without a collation: their UTF-8 bytes. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
export const byListOrder = (a: Keyset, b: Keyset) => a.at.getTime() - b.at.getTime() || byBytes(a.id, b.id);
const isAfter = (row: Keyset, cursor: Keyset) => byListOrder(row, cursor) > 0;

/** A page of a search's matches in the list's order: up to `limit + 1` keys (the extra one says more follow). */
interface SearchPage {
  keys: Keyset[];
  total: number;
}

/**
 * GET /variants?search= over the whole organization, at the cost of about a page whatever the
 * matches number. The total is exact from two index counts (the terms starting with the key,
 * less the prefixes a variant's terms share: domain/variant-search.ts). The page is found the
 * cheaper of two ways, by those counts: read the matching terms' keys (small rows, never a
 * product) and order them in memory; or, when more terms match than a walk would read, walk the
 * variant list in its order from the page's start, checking each row's terms, until the page
 * is full (matches are then dense: a walk reads about the page divided by their share). A walk
 * that reads twice what was expected (matches bunched further on) reads the terms instead, so
 * a search never reads more than about three times the cheaper of the two.
 */
export class VariantSearch {
  constructor(
    private readonly list: VariantList,
    /** Tests lower it to choose between the two ways on a few variants. */
    private readonly alwaysReadTerms = ALWAYS_READ_TERMS,
  ) {}

  async page(orgId: string, key: string, page: Page, after?: Keyset): Promise<SearchPage> {
    const rows = this.list.search;
    const [terms, shared] = await Promise.all([rows.count(orgId, key, false), rows.count(orgId, key, true)]);
    const total = terms - shared;
    if (total <= 0) return { keys: [], total: 0 };
    const wanted = page.offset + page.limit + 1;
    if (terms > this.alwaysReadTerms) {
      const variants = await countOwned(this.list.model, { orgId });
      const expected = Math.ceil((wanted * variants) / total);
      if (expected < terms) {
        const walked = await this.walk(orgId, key, wanted, after, 2 * expected);
        if (walked) return { keys: walked.slice(page.offset), total };
      }
    }
    let matches = (await rows.matching(orgId, key)).map((m) => ({ at: m.at, id: m.key })).sort(byListOrder);
    if (after) matches = matches.filter((m) => isAfter(m, after));
    return { keys: matches.slice(page.offset, wanted), total };
  }

  /**
   * The first `wanted` matches after the cursor, walking the variant list in order, or
   * undefined once `budget` rows were read without finding them.
   */
  private async walk(orgId: string, key: string, wanted: number, after: Keyset | undefined, budget: number) {
    const found: Keyset[] = [];
    let from = after;
    let read = 0;
    let size = Math.max(wanted, 50);
    while (read < budget) {
      const batch = Math.min(WALK_BATCH, size, budget - read);
      const filter = { orgId, ...(from ? keysetAfter(from, 1, 'at') : {}) };
      const rows = await this.list.model
        .find(filter, { at: 1, terms: 1 })
        .sort({ at: 1, _id: 1 })
        .limit(batch)
        .lean<Pick<VariantListRow, '_id' | 'at' | 'terms'>[]>();
      read += rows.length;
      for (const row of rows) {
        if (!termsMatch(row.terms ?? [], key)) continue;
        found.push({ at: row.at, id: row._id });
        if (found.length === wanted) return found;
      }
      if (rows.length < batch) return found;
      const last = rows[rows.length - 1]!;
      from = { at: last.at, id: last._id };
      size *= 2;
    }
    return undefined;
  }
}
