import DataLoader from 'dataloader';
import { MAX_TERM_LENGTH, type SearchIndex } from './search-index';

/** How long asks wait for others to share their read: about the events a consumer holds at once. */
const ASK_WINDOW_MS = 10;

type Ask = readonly [orgId: string, term: string];

/**
 * Whether any record holds an exact term of one family (`#asm:<variantId>`: an order with an
 * ASSEMBLY line of the variant), for a check made on every event of a busy queue. The asks of a
 * short window share one read per organization: the family's terms, a range of the index (an
 * `$in` of exact terms is no range on our FerretDB build, and the family is usually small or
 * empty). A family of more than `cap` rows is asked term by term, one point read each. Nothing is
 * kept between windows, so a term written before an ask is seen by it.
 */
export class TermPresence {
  private readonly asks = new DataLoader<Ask, boolean, string>((asks) => this.answer(asks), {
    cache: false,
    batchScheduleFn: (run) => setTimeout(run, ASK_WINDOW_MS),
  });

  constructor(
    private readonly index: Pick<SearchIndex, 'termsStartingWith' | 'refsWithTerms'>,
    private readonly family: string,
    private readonly cap = 1_000,
  ) {}

  /** Whether a record of the organization holds `term` (which starts with the family). */
  holds(orgId: string, term: string): Promise<boolean> {
    if (!term.startsWith(this.family)) throw new Error(`${term} is not of the term family ${this.family}`);
    return this.asks.load([orgId, term.slice(0, MAX_TERM_LENGTH)]); // as the index keeps it
  }

  private async answer(asks: readonly Ask[]): Promise<boolean[]> {
    const orgs = [...new Set(asks.map(([orgId]) => orgId))];
    const found = new Map(
      await Promise.all(
        orgs.map(async (orgId) => [orgId, await this.index.termsStartingWith(orgId, this.family, this.cap)] as const),
      ),
    );
    return Promise.all(
      asks.map(async ([orgId, term]) => {
        const { terms, complete } = found.get(orgId)!;
        if (terms.has(term) || complete) return terms.has(term);
        return (await this.index.refsWithTerms(orgId, [term], 1)).refs.length > 0;
      }),
    );
  }
}
