import { type Logger } from '@stockyard/service-kit';
import { unkeyed } from '@stockyard/service-kit/ids';
import type { EndpointDeliveries } from '../commands/endpoint-deliveries';
import type { EndpointRemoval } from '../commands/endpoint-removal';
import type { Cascade, EndpointCascades } from '../store/endpoint-cascades.repository';
import type { EndpointReads } from '../store/endpoint.repository';

/**
 * How long a cascade stays open after its endpoint went: a dispatcher that matched an event
 * on the endpoint just before (its cached snapshot) may still store a delivery within the
 * first attempt's wait; a pass in this time removes it. A cascade whose endpoint still exists
 * this long after (the request died between the two writes) is dropped: nothing was deleted.
 */
export const CASCADE_SETTLE_MS = 60_000;
/** Cascades one sweep looks at. */
const SWEEP_CASCADES = 20;

interface CascadeOptions {
  /** Deliveries removed per pass (one read of ids, one delete). */
  page: number;
  /** How often the open cascades are looked at (and at start: those a stopped process left). */
  sweepMs: number;
}

/**
 * Deleting an endpoint: the request opens a durable cascade, removes the endpoint and makes
 * one pass; the rest of its deliveries go in passes of `page` in the background, after the
 * answer, on a kick and on every sweep of any replica (a crashed process's cascade included),
 * so no request's time grows with the endpoint's history (README: deletion cascades).
 */
export class EndpointCascade {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly cascades: EndpointCascades,
    private readonly endpoints: EndpointReads,
    /** The endpoint's own removal (marked deleted, then removed). */
    private readonly removal: EndpointRemoval,
    private readonly deliveries: Pick<EndpointDeliveries, 'deletePageForEndpoint'>,
    private readonly logger: Logger,
    private readonly options: CascadeOptions,
  ) {}

  /** DELETE /webhooks/{id}: false when there was no such endpoint (nothing opened, nothing removed). */
  async deleteEndpoint(orgId: string, endpointId: string): Promise<boolean> {
    if (!(await this.endpoints.find(orgId, endpointId))) return false;
    await this.cascades.open(orgId, endpointId, new Date());
    // From here on the dispatcher creates nothing for it, and the worker removes a delivery it finds without it.
    if (!(await this.removal.remove(orgId, endpointId))) return false; // another request deleted it meanwhile
    if ((await this.deliveries.deletePageForEndpoint(orgId, endpointId, this.options.page)) === this.options.page) {
      this.kick();
    }
    return true;
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), this.options.sweepMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Runs a sweep now, or right after the one running. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = unkeyed(() => this.sweep()) // a request's kick: the sweep's ids are not its
      .catch((err: unknown) => this.logger.warn({ err: (err as Error).message }, 'endpoint cascade sweep failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again && this.timer) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async sweep(): Promise<void> {
    for (const cascade of await this.cascades.oldest(SWEEP_CASCADES)) {
      if (!this.timer) return; // stopping: the next start (here or on another replica) goes on
      await this.finish(cascade);
    }
  }

  /** Passes until none of the endpoint's deliveries is left; closed once settled. */
  private async finish(cascade: Cascade): Promise<void> {
    const { orgId, endpointId } = cascade;
    const settled = Date.now() - cascade.openedAt.getTime() >= CASCADE_SETTLE_MS;
    const endpoint = await this.endpoints.find(orgId, endpointId);
    // Marked deleted and still there: the request died between its two writes; finish it.
    if (endpoint?.deletedAt) await this.removal.remove(orgId, endpointId);
    else if (endpoint) {
      if (settled) await this.cascades.close(cascade);
      return;
    }
    let removed = 0;
    let last: number;
    do {
      last = await this.deliveries.deletePageForEndpoint(orgId, endpointId, this.options.page);
      removed += last;
    } while (last === this.options.page && this.timer);
    if (removed > 0) this.logger.info({ orgId, endpointId, removed }, 'deleted endpoint’s deliveries removed');
    if (settled && last < this.options.page) await this.cascades.close(cascade);
  }
}
