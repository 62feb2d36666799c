import { asSystem } from './audit/audit-scope';
import { unkeyed } from './ids';
import type { Logger } from './logger';
import type { Part } from './service';

/**
 * Work a process does every `everyMs` (a sweep, a feed poll), one pass at a time: a pass due
 * while one runs is not started twice, `tick()` joins the running one, a failed pass is logged
 * and the next one retries, and `stop` ends the timer and waits for the pass in flight.
 * `everyMs` 0 runs no pass on its own (tests call `tick`); `atStart` runs one at start.
 */
export abstract class PeriodicPass implements Part {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private passStopped = false;

  protected constructor(
    private readonly passName: string,
    private readonly passEveryMs: number,
    protected readonly logger: Logger,
    private readonly passOptions: { atStart?: boolean } = {},
  ) {}

  /** One pass of the work. */
  protected abstract pass(): Promise<void>;

  /** True once `stop` was called: a long pass ends early. */
  protected get stopping(): boolean {
    return this.passStopped;
  }

  start(): void {
    if (this.passEveryMs === 0) return;
    this.passStopped = false;
    this.timer = setInterval(() => void this.tick(), this.passEveryMs);
    this.timer.unref();
    if (this.passOptions.atStart) void this.tick();
  }

  async stop(): Promise<void> {
    this.passStopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass now, or the one already running. */
  tick(): Promise<void> {
    if (this.running || this.passStopped) return this.running ?? Promise.resolve();
    // A pass a request asks for is still the process's work: its ids are random, never the request's.
    this.running = unkeyed(() => asSystem(this.passName, () => this.pass()))
      .catch((err: Error) => this.logger.warn({ err: err.message }, `${this.passName} failed; the next pass retries`))
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
