import type { DataHealth } from '@stockyard/contracts';
import { isDuplicateKeyError, type Logger } from '@stockyard/service-kit';
import { dataHealth, type HealthRow } from '../domain/data-health';
import type { HealthReportDoc, HealthReportModel } from '../store/health-report.model';
import type { ProductQueries } from '../store/product.queries';

/** A job's hold on its organization's report; a job of a process that died is taken over after it. */
const LEASE_MS = 5 * 60_000;
/** Writes whose `updatedAt` is this close before a report's read began may be missing from it: they make it stale. */
const IN_FLIGHT_MS = 1_000;

/** Products up to which a request waits for the job it started (about a page's cost), given a previous report. */
export const WAIT_FOR_PRODUCTS = 500;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * GET /products/data-health as a job with a status (README, "Data health"): the report reads
 * every product of the organization, so it is computed in the background and kept
 * (`product_health_reports`). A request reads the kept report and checks with three probes of
 * the products' indexes (limit 1 each) whether any product changed since; if one did, it starts
 * the job (one per organization at a time) and answers the previous report as UPDATING (PENDING
 * before the first); it waits for the job up to `waitMs` first when there is no report yet or the
 * previous one counted at most WAIT_FOR_PRODUCTS products.
 */
export class DataHealthReports {
  private readonly running = new Map<string, Promise<boolean>>();

  constructor(
    private readonly reports: HealthReportModel,
    private readonly queries: ProductQueries,
    private readonly waitMs: number,
    private readonly logger: Logger,
  ) {}

  async report(orgId: string): Promise<DataHealth> {
    const kept = await this.kept(orgId);
    if (kept?.changesAfter && !(await this.queries.changedAfter(orgId, kept.changesAfter))) {
      return answer(kept, 'CURRENT');
    }
    // (begin answers the job in a box: an awaited promise would wait for the job itself)
    const job = this.running.get(orgId) ?? (await this.begin(orgId, kept))?.job;
    // A small organization's job takes about what a page costs: wait for it (up to waitMs); a larger
    // one's previous report is answered at once.
    const small = !kept?.generatedAt || (kept.productCount ?? 0) <= WAIT_FOR_PRODUCTS;
    const wait = job && small && this.waitMs > 0;
    const done = wait ? await Promise.race([job, delay(this.waitMs).then(() => false)]) : false;
    const latest = done ? await this.kept(orgId) : kept;
    if (!latest?.generatedAt) return { generatedAt: null, productCount: null, problems: [], status: 'PENDING' };
    return answer(latest, done ? 'CURRENT' : 'UPDATING');
  }

  /** Part of the service: a stop waits for the jobs under way. */
  start(): void {}
  async stop(): Promise<void> {
    await Promise.all(this.running.values());
  }

  private kept(orgId: string) {
    return this.reports.findOne({ _id: orgId, orgId }).lean<HealthReportDoc>();
  }

  /** Takes the organization's lease and runs the job; undefined when another process holds it. */
  private async begin(orgId: string, kept: HealthReportDoc | null): Promise<{ job: Promise<boolean> } | undefined> {
    const now = new Date();
    if (kept?.runningUntil && kept.runningUntil > now) return undefined;
    const runningUntil = new Date(now.getTime() + LEASE_MS);
    if (!kept) {
      const fresh = { _id: orgId, orgId, generatedAt: null, changesAfter: null, productCount: null, problems: [] };
      try {
        await this.reports.collection.insertOne({ ...fresh, runningUntil } as never);
      } catch (err) {
        if (isDuplicateKeyError(err)) return undefined; // another request started it
        throw err;
      }
    } else {
      const taken = await this.reports.updateOne(
        { _id: orgId, orgId, runningUntil: kept.runningUntil },
        { $set: { runningUntil } },
      );
      if (taken.modifiedCount !== 1) return undefined;
    }
    const job = this.run(orgId).finally(() => this.running.delete(orgId));
    this.running.set(orgId, job);
    return { job };
  }

  /** Reads every product of the organization, counts, keeps the report and lets go of the lease. */
  private async run(orgId: string): Promise<boolean> {
    const startedAt = new Date();
    try {
      const rows: HealthRow[] = [];
      for await (const page of this.queries.healthRowPages(orgId)) {
        rows.push(...page);
        await new Promise((resolve) => setImmediate(resolve)); // requests between pages
      }
      const { productCount, problems } = dataHealth(rows);
      const changesAfter = new Date(startedAt.getTime() - IN_FLIGHT_MS);
      await this.reports.updateOne(
        { _id: orgId, orgId },
        { $set: { generatedAt: startedAt, changesAfter, productCount, problems, runningUntil: null } },
      );
      this.logger.info({ orgId, productCount, ms: Date.now() - startedAt.getTime() }, 'data-health report computed');
      return true;
    } catch (err) {
      this.logger.error({ err, orgId }, 'data-health report failed');
      await this.reports.updateOne({ _id: orgId, orgId }, { $set: { runningUntil: null } }).catch(() => undefined);
      return false;
    }
  }
}

function answer(doc: HealthReportDoc, status: DataHealth['status']): DataHealth {
  return {
    generatedAt: doc.generatedAt!.toISOString(),
    productCount: doc.productCount,
    problems: doc.problems,
    status,
  };
}
