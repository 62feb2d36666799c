import { PeriodicPass, type Logger } from '@stockyard/service-kit';
import type { DefaultCandidate, DefaultVariantReviews } from '../store/default-variant-reviews';
import type { DefaultRetirement, RetirementCounts } from './default-retirement';

/** The one-off migration's name in `catalog_migrations`. */
const RETIRE_DEFAULTS_MIGRATION = 'retire-untouched-default-variants';

/** Reviews decided per pass at most. */
const PER_PASS = 500;

const byOrg = (candidates: DefaultCandidate[]) => {
  const groups = new Map<string, DefaultCandidate[]>();
  for (const c of candidates) {
    const group = groups.get(c.orgId);
    if (group) group.push(c);
    else groups.set(c.orgId, [c]);
  }
  return groups;
};

const add = (a: RetirementCounts, b: RetirementCounts): RetirementCounts => ({
  retired: a.retired + b.retired,
  inUse: a.inUse + b.inUse,
  unchanged: a.unchanged + b.unchanged,
  deferred: a.deferred + b.deferred,
});

/**
 * Retires untouched default variants left beside real ones. At its first pass on a database it
 * runs the one-off migration: every product is read once (`scan`), the candidates of each read
 * decided by organization, and the run recorded in `catalog_migrations` when it got to the end
 * (a process stopped halfway starts over; a decision is idempotent). Every pass then decides the
 * reviews: defaults kept because a peer did not answer (at a first variant, or in the migration).
 */
export class DefaultVariantSweep extends PeriodicPass {
  constructor(
    private readonly retirement: DefaultRetirement,
    private readonly reviews: DefaultVariantReviews,
    private readonly scan: () => AsyncIterable<DefaultCandidate[]>,
    everyMs: number,
    logger: Logger,
  ) {
    super('default variant sweep', everyMs, logger, { atStart: true });
  }

  protected async pass(): Promise<void> {
    if (!(await this.reviews.migrated(RETIRE_DEFAULTS_MIGRATION))) await this.migrate();
    if (this.stopping) return;
    for (const [orgId, candidates] of byOrg(await this.reviews.due(PER_PASS))) {
      await this.retirement.retire(orgId, candidates);
    }
  }

  private async migrate(): Promise<void> {
    let counts: RetirementCounts = { retired: 0, inUse: 0, unchanged: 0, deferred: 0 };
    for await (const page of this.scan()) {
      if (this.stopping) return;
      for (const [orgId, candidates] of byOrg(page))
        counts = add(counts, await this.retirement.retire(orgId, candidates));
    }
    await this.reviews.recordMigrated(RETIRE_DEFAULTS_MIGRATION, { ...counts });
    this.logger.info({ ...counts }, 'untouched default variants migration finished');
  }
}
