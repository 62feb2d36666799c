import { PeriodicPass, type Logger } from '@stockyard/service-kit';
import type { PurchaseOrderReads } from '../store/purchase-order.repository';
import type { ReceiveCommands } from './receive-commands';

/** Orders a sweep takes up at once. */
const BATCH = 100;

/**
 * Applies receipts left pending (inventory was away, or the process died between the steps):
 * at start and every `everyMs`, each pending receipt older than `graceMs` (younger ones belong
 * to the request still running) goes through the receipt's steps 2 and 3 again; inventory's
 * operation key makes a second put-away a replay. A replica racing another does no harm.
 */
export class ReceiptSweep extends PeriodicPass {
  constructor(
    private readonly orders: PurchaseOrderReads,
    private readonly receiving: ReceiveCommands,
    logger: Logger,
    private readonly options: { everyMs: number; graceMs: number },
  ) {
    super('receipt sweep', options.everyMs, logger, { atStart: true });
  }

  protected async pass(): Promise<void> {
    const before = Date.now() - this.options.graceMs;
    for (const po of await this.orders.withPendingReceipts(BATCH)) {
      const due = po.receipts.filter((r) => r.status === 'pending' && new Date(r.recordedAt).getTime() <= before);
      for (const receipt of due) {
        await this.receiving.apply(po.orgId, po.id, receipt.id).catch((err: Error) => {
          const log = { orgId: po.orgId, purchaseOrderId: po.id, receiptId: receipt.id, err: err.message };
          this.logger.warn(log, 'pending receipt not applied yet; the next sweep retries');
        });
      }
    }
  }
}
