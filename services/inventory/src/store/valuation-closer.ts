import type { Logger, Part } from '@stockyard/service-kit';
import type { valuationCloseModel } from './valuation-day.model';
import type { ValuationDays } from './valuation-days';

/**
 * Keeps the valuation ledger's days closed ahead of the reports: every `everyMs` (and at start) it
 * closes the days that ended for each organization that has read a report (one with a close
 * state), so the first report of a day does not pay for closing the one before. Replicas each
 * sweep; a day closed twice is written the same.
 */
export class ValuationCloser implements Part {
  private timer?: NodeJS.Timeout;
  private sweeping: Promise<void> = Promise.resolve();
  private stopping = false;
  private busy = false;

  constructor(
    private readonly days: Pick<ValuationDays, 'closedThrough'>,
    private readonly closes: ReturnType<typeof valuationCloseModel>,
    private readonly everyMs: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopping = false;
    this.kick();
    this.timer = setInterval(() => this.kick(), this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.sweeping;
  }

  /** One sweep at a time: a tick while one runs is skipped. */
  private kick(): void {
    if (this.busy) return;
    this.busy = true;
    this.sweeping = this.sweep().finally(() => (this.busy = false));
  }

  private async sweep(): Promise<void> {
    try {
      for await (const { _id: orgId } of this.closes.find({}, { _id: 1 }).lean().cursor()) {
        if (this.stopping) return;
        await this.days.closedThrough(orgId);
      }
    } catch (err) {
      this.logger.warn({ err }, 'closing the valuation days failed; the next sweep (or report) closes them');
    }
  }
}
