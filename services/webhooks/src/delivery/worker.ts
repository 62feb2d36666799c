import type { Logger } from '@stockyard/service-kit';
import type { DeliveryRepository } from '../store/delivery.repository';
import { attemptDelivery, type AttemptDeps } from './attempt-delivery';

export interface WorkerOptions {
  concurrency?: number;
  pollMs?: number;
  /** Extra lease time beyond the send timeout, for the bookkeeping around a send. */
  leaseMarginMs?: number;
}

/**
 * Sends due deliveries with bounded concurrency. Every worker (one per replica) polls
 * the store and claims with a lease, so replicas share the work and a crashed worker's
 * claims are taken over when their leases run out.
 */
export class DeliveryWorker {
  private readonly inFlight = new Set<Promise<void>>();
  private timer?: NodeJS.Timeout;
  private filling?: Promise<void>;
  private again = false;
  private stopped = true;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;

  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly deps: AttemptDeps,
    private readonly logger: Logger,
    options: WorkerOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 8;
    this.pollMs = options.pollMs ?? 250;
    this.leaseMs = deps.send.timeoutMs + (options.leaseMarginMs ?? 30_000);
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Look for due work now (after the dispatcher created deliveries); coalesces with a running pass. */
  kick(): void {
    if (this.stopped) return;
    if (this.filling) {
      this.again = true;
      return;
    }
    this.filling = this.fill()
      .catch((err: Error) => this.logger.warn({ err: err.message }, 'delivery poll failed; will retry'))
      .finally(() => {
        this.filling = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops claiming and waits for the attempts in flight to be recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.filling;
    await Promise.all(this.inFlight);
  }

  private async fill(): Promise<void> {
    while (!this.stopped && this.inFlight.size < this.concurrency) {
      const claimed = await this.deliveries.claimDue(new Date(), this.leaseMs);
      if (!claimed) return;
      const run: Promise<void> = attemptDelivery(claimed, this.deps)
        .catch((err: Error) => this.logger.error({ err: err.message, deliveryId: claimed.id }, 'delivery attempt failed; lease will expire'))
        .finally(() => {
          this.inFlight.delete(run);
          this.kick();
        });
      this.inFlight.add(run);
    }
  }
}
