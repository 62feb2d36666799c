import { type EventCopy, type Logger } from '@stockyard/service-kit';
import { unkeyed } from '@stockyard/service-kit/ids';
import { RecentMap } from '@stockyard/service-kit/store';
import type { NewDelivery } from '../domain/delivery';
import type { DeliveryReads } from '../store/delivery.repository';
import type { DispatchMarks } from '../store/dispatch-marks.repository';
import type { EndpointSnapshot } from '../store/endpoint.repository';
import { attemptDelivery, sendFirstAttempt, type AttemptDeps } from './attempt-delivery';

interface WorkerOptions {
  concurrency?: number;
  /** How often the store is scanned for due deliveries nobody handed over. */
  pollMs?: number;
  /** Extra lease time beyond the send timeout, for the bookkeeping around a send. */
  leaseMarginMs?: number;
  /** How long a new delivery's first POST may take before the delivery is stored without its outcome. */
  inlineMs?: number;
}

/** A new delivery and the endpoint as the dispatcher matched it. */
export interface NewWork {
  delivery: NewDelivery;
  endpoint?: EndpointSnapshot;
}

/** Delivery ids known to be stored (sent from here, or recovered): a later copy is dropped without a round trip. */
const RECENT_FIRST_ATTEMPTS = 100_000;

/** Retries due within this are timed in memory; later ones are found by the scan. */
const TIMED_RETRY_MAX_MS = 5 * 60_000;

/**
 * Sends due deliveries with bounded concurrency. Work arrives two ways: handed over by id
 * (fresh deliveries from the dispatcher, replays, this worker's own retries, each claimed
 * by id: cheap on any store), and a periodic scan of the store, which finds what no one
 * handed over: a crashed worker's expired claims, other replicas' retries, long waits.
 * Every claim is a lease, so replicas share the work safely.
 */
export class DeliveryWorker {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly ready = new Set<string>();
  private readonly recentlySent = new RecentMap<string, true>(RECENT_FIRST_ATTEMPTS);
  /** First attempts under way here: a redelivered copy of one is left to it. */
  private readonly sending = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private timer?: NodeJS.Timeout;
  private filling?: Promise<void>;
  private scanning?: Promise<void>;
  private again = false;
  private stopped = true;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly inlineMs: number;

  constructor(
    /** The scan's due deliveries; claims and inserts go through `deps`. */
    private readonly deliveries: Pick<DeliveryReads, 'dueIds'>,
    private readonly marks: DispatchMarks,
    private readonly deps: AttemptDeps,
    private readonly logger: Logger,
    options: WorkerOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 32;
    this.pollMs = options.pollMs ?? 1000;
    this.inlineMs = options.inlineMs ?? 1000;
    this.leaseMs = deps.send.timeoutMs + (options.leaseMarginMs ?? 30_000);
  }

  start(): void {
    this.stopped = false;
    this.scheduleScan(0);
  }

  /**
   * The scan runs beside the claims, never in their way, and waits at least ten times its
   * own duration before the next: on FerretDB it reads the whole collection, and must not
   * take the store from the deliveries it exists to rescue.
   */
  private scheduleScan(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      const started = performance.now();
      this.scanning = this.scan()
        .catch((err: Error) => this.logger.warn({ err: err.message }, 'delivery scan failed; will retry'))
        .finally(() => {
          this.scanning = undefined;
          this.scheduleScan(Math.max(this.pollMs, 10 * (performance.now() - started)));
        });
    }, delayMs);
    this.timer.unref();
  }

  private async scan(): Promise<void> {
    const limit = this.concurrency * 8;
    for (let found = limit; found === limit && !this.stopped;) {
      const due = (await this.deliveries.dueIds(new Date(), limit)).filter((id) => !this.ready.has(id));
      found = due.length;
      this.offer(due);
      // Let the claims drain before looking again.
      while (this.ready.size > this.concurrency && !this.stopped) await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Deliveries due now (created, replayed): claimed by id without waiting for the scan. */
  offer(ids: Iterable<string>): void {
    for (const id of ids) this.ready.add(id);
    this.kick();
  }

  /**
   * An event's new deliveries (the dispatcher's): each one's dispatch mark is taken first,
   * all in one batched insert, and only a delivery whose mark this copy took is sent; its
   * first attempt goes out at once, before the delivery is stored (see sendFirstAttempt).
   * Resolves when the deliveries are durable; an attempt that outlasts `inlineMs` finishes
   * in the background, and stop() waits for it.
   *
   * A mark taken before is another copy's, here or on another replica, now or in an earlier
   * run: the copy is dropped. Unless it may be a redelivery after a crash of the mark's
   * taker between the mark and the delivery (recover).
   */
  async sendNew(work: readonly NewWork[], copy: EventCopy): Promise<void> {
    if (this.stopped) throw new Error('the delivery worker is stopped');
    const fresh = work.filter(({ delivery: { id } }) => !this.recentlySent.has(id) && !this.sending.has(id));
    if (fresh.length === 0) return;
    const taken = await this.marks.take(
      fresh.map((w) => w.delivery),
      new Date(),
      this.leaseMs,
    );
    await Promise.all(
      fresh.map((w, i) => {
        if (taken[i]) return this.sendFirst(w);
        // Not remembered as sent: a redelivery of the taker's own copy may still need recover().
        if (copy.maybeSeenBefore && !this.sending.has(w.delivery.id)) return this.recover(w.delivery);
        return Promise.resolve();
      }),
    );
  }

  private async sendFirst({ delivery, endpoint }: NewWork): Promise<void> {
    this.sending.add(delivery.id);
    try {
      const sent = await sendFirstAttempt(delivery, this.deps, {
        inlineMs: this.inlineMs,
        leaseMs: this.leaseMs,
        endpoint,
      });
      this.recentlySent.set(delivery.id, true);
      if (sent) this.follow(delivery.id, sent);
    } finally {
      this.sending.delete(delivery.id);
    }
  }

  /**
   * A redelivered copy whose mark was taken: if the taker died before storing the delivery
   * (attempt 1 may or may not have gone out), store it now, pending until the taker's hold
   * ends, and the worker sends attempt 1 then, with the same delivery id. If it was stored,
   * this insert is a duplicate and changes nothing.
   */
  private async recover(delivery: NewDelivery): Promise<void> {
    const now = new Date();
    const holdUntil = (await this.marks.holdUntil(delivery.id)) ?? now;
    const due = holdUntil > now ? holdUntil : now;
    if (await this.deps.created.createIfAbsent({ ...delivery, nextAttemptAt: due })) {
      this.logger.warn(
        { deliveryId: delivery.id, eventId: delivery.eventId, endpointId: delivery.endpointId, due },
        'webhook delivery marked but not stored (a crash?); stored for the worker',
      );
      this.retryAt(delivery.id, due);
    }
    this.recentlySent.set(delivery.id, true);
  }

  private follow(id: string, sent: NonNullable<Awaited<ReturnType<typeof sendFirstAttempt>>>): void {
    if ('nextAttemptAt' in sent) return this.retryAt(id, sent.nextAttemptAt);
    const later: Promise<void> = sent.later
      .then((next) => this.retryAt(id, next))
      .catch((err: Error) =>
        this.logger.error({ err: err.message, deliveryId: id }, 'recording a first attempt failed; lease will expire'),
      )
      .finally(() => this.inFlight.delete(later));
    this.inFlight.add(later);
  }

  /** Look for work now; coalesces with a running pass. */
  kick(): void {
    if (this.stopped) return;
    if (this.filling) {
      this.again = true;
      return;
    }
    this.filling = unkeyed(() => this.fill()) // a request's kick: the deliveries' ids are not its
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
    clearTimeout(this.timer);
    for (const t of this.timers) clearTimeout(t);
    await this.scanning;
    await this.filling;
    await Promise.all(this.inFlight);
  }

  /** Starts claims (by id, in parallel) until `concurrency` are in flight. */
  private async fill(): Promise<void> {
    while (!this.stopped && this.inFlight.size < this.concurrency) {
      const id = this.ready.values().next().value;
      if (id === undefined) return;
      this.ready.delete(id);
      const run: Promise<void> = this.claimAndAttempt(id)
        .catch((err: Error) =>
          this.logger.error({ err: err.message, deliveryId: id }, 'delivery attempt failed; lease will expire'),
        )
        .finally(() => {
          this.inFlight.delete(run);
          this.kick();
        });
      this.inFlight.add(run);
    }
  }

  private async claimAndAttempt(id: string): Promise<void> {
    const claimed = await this.deps.leases.claim(id, new Date(), this.leaseMs);
    if (!claimed) return; // not due, done, or another worker's
    this.retryAt(claimed.id, await attemptDelivery(claimed, this.deps));
  }

  /** A short wait is timed here; a long one is left to the scan (and survives a restart either way). */
  private retryAt(id: string, next: Date | null): void {
    if (!next || this.stopped) return;
    const delay = next.getTime() - Date.now();
    if (delay > TIMED_RETRY_MAX_MS) return;
    const t = setTimeout(
      () => {
        this.timers.delete(t);
        this.offer([id]);
      },
      Math.max(0, delay),
    );
    t.unref();
    this.timers.add(t);
  }
}
