import { createHash } from 'node:crypto';
import { PeerRefusedError, PeerUnavailableError, type ReceiveLine } from '@stockyard/contracts';
import { newId, notFound } from '@stockyard/service-kit';
import type { PurchaseOrder, ReceiptRecord } from '../domain/purchase-order';
import { receiptRefused } from '../domain/purchase-order.errors';
import { applyReceipt, recordReceipt, rejectReceipt, type ReceiptRequest } from '../domain/receive-line';
import type { InventoryPeer } from '../peers/inventory-stock';
import { dependencyUnavailable } from '@stockyard/service-kit';
import { refusalOf } from '@stockyard/service-kit/http';
import type { PurchaseOrderReads, PurchaseOrderStore } from '../store/purchase-order.repository';

/** The operation key inventory dedupes a receipt's stock on: any retry moves the stock once. */
export const operationKeyOf = (po: Pick<PurchaseOrder, 'id'>, receipt: Pick<ReceiptRecord, 'lineId' | 'id'>) =>
  `${po.id}:${receipt.lineId}:${receipt.id}`;

/** An Idempotency-Key as a receipt keeps it (hashed: the key is the client's). */
const requestKeyOf = (idempotencyKey: string | undefined) =>
  idempotencyKey ? createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32) : null;

/**
 * Receiving a line, in three steps that a crash or an outage between them cannot break: the
 * receipt is recorded `pending` on the order (the over-receipt check, serialized by the
 * order's write), inventory puts the stock in under the receipt's operation key (it dedupes
 * on it), then the receipt is applied (the line's received quantity, the status, the events).
 * A pending receipt is applied again by a replay of the request's Idempotency-Key and by the
 * receipt sweep; inventory's refusal rejects it (nothing moved).
 */
export class ReceiveCommands {
  constructor(
    private readonly store: PurchaseOrderStore,
    private readonly reads: PurchaseOrderReads,
    private readonly inventory: InventoryPeer,
  ) {}

  async receive(
    orgId: string,
    id: string,
    lineId: string,
    input: ReceiveLine,
    idempotencyKey?: string,
  ): Promise<PurchaseOrder> {
    const request = { ...input, receiptId: newId('rcp'), requestKey: requestKeyOf(idempotencyKey) };
    const { state, result: receipt } = await this.record(orgId, id, lineId, request);
    return receipt.status === 'pending' ? this.apply(orgId, id, receipt.id, state) : state;
  }

  /** Step 1 alone: the receipt on the order, nothing asked of inventory yet (what a crash right after leaves). */
  record(orgId: string, id: string, lineId: string, request: ReceiptRequest) {
    return this.store.change(orgId, id, (po) => recordReceipt(po, lineId, request, new Date()));
  }

  /**
   * Steps 2 and 3 for a pending receipt (a no-op once it is applied or rejected). `known` is the
   * order as step 1 just wrote it, which saves a read (step 3 decides on the stored order anyway).
   */
  async apply(orgId: string, id: string, receiptId: string, known?: PurchaseOrder): Promise<PurchaseOrder> {
    const po = known ?? (await this.reads.find(orgId, id));
    if (!po) throw notFound('Purchase order');
    const receipt = po.receipts.find((r) => r.id === receiptId);
    if (receipt?.status !== 'pending') return po;
    if (po.type === 'STANDARD') await this.putAway(po, receipt);
    return (await this.store.change(orgId, id, (current) => applyReceipt(current, receiptId, new Date()))).state;
  }

  private async putAway(po: PurchaseOrder, receipt: ReceiptRecord): Promise<void> {
    const line = po.lines.find((l) => l.id === receipt.lineId)!;
    try {
      await this.inventory.receive(po.orgId, {
        operationKey: operationKeyOf(po, receipt),
        variantId: line.variantId,
        warehouseId: po.warehouseId!,
        quantity: receipt.quantity,
        ...(receipt.primaryBin ? {} : { binId: receipt.binId }),
        reason: `Purchase order ${po.orderNumber}`,
        // The stock's cost layer, and the line its landed costs will reach it by. Sent whatever the
        // order's currency: nothing converts, and the stock is valued in the organization's one
        // (inventory's settings; its README says so).
        unitCost: line.unitCost,
        origin: `${po.id}:${line.id}`,
      });
    } catch (err) {
      if (err instanceof PeerUnavailableError) throw dependencyUnavailable('inventory');
      if (!(err instanceof PeerRefusedError)) throw err;
      const { code, message } = refusalOf(err);
      await this.store.change(po.orgId, po.id, (current) => rejectReceipt(current, receipt.id, code));
      throw receiptRefused(code, message);
    }
  }
}
