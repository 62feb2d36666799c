import { PeriodicPass, type Logger } from '@stockyard/service-kit';
import type { valuationCloseModel } from './valuation-day.model';
import type { ValuationDays } from './valuation-days';

/**
 * Keeps the valuation ledger's days closed ahead of the reports: every `everyMs` (and at start) it
 * closes the days that ended for each organization that has read a report (one with a close
 * state), so the first report of a day does not pay for closing the one before. Replicas each
 * sweep; a day closed twice is written the same. A failed sweep is logged; the next one (or a
 * report) closes the days.
 */
export class ValuationCloser extends PeriodicPass {
  constructor(
    private readonly days: Pick<ValuationDays, 'closedThrough'>,
    private readonly closes: ReturnType<typeof valuationCloseModel>,
    everyMs: number,
    logger: Logger,
  ) {
    super('valuation-close', everyMs, logger, { atStart: true });
  }

  protected async pass(): Promise<void> {
    for await (const { _id: orgId } of this.closes.find({}, { _id: 1 }).lean().cursor()) {
      if (this.stopping) return;
      await this.days.closedThrough(orgId);
    }
  }
}
