import { isDuplicateKeyError, KeyedMutex, UniqueClaims } from '@stockyard/service-kit';
import { orderNumberTaken } from '../domain/purchase-order.errors';
import type { NumberClaimModel, NumberSequenceModel, PurchaseOrderModel } from './purchase-order.model';

/** Generated numbers a process takes from its organization's sequence at once (gaps are fine). */
const BLOCK = 20;

/** Order numbers are compared trimmed and upper-cased (`po-1` and `PO-1` are one number). */
export const numberKey = (orderNumber: string) => orderNumber.trim().toUpperCase();

/** `PO-000123`. */
export const formatOrderNumber = (n: number) => `PO-${String(n).padStart(6, '0')}`;

/**
 * Order numbers, unique per organization through the kit's UniqueClaims (a claim per number,
 * held by its order, trashed ones too: a number is never reused), and generated from a
 * per-organization sequence, a block at a time, skipping numbers someone supplied.
 */
export class OrderNumbers {
  private readonly blocks = new Map<string, { next: number; end: number }>();
  private readonly sequenceLock = new KeyedMutex();
  private readonly claims: UniqueClaims;

  constructor(
    claims: NumberClaimModel,
    private readonly sequences: NumberSequenceModel,
    orders: PurchaseOrderModel,
  ) {
    this.claims = new UniqueClaims({
      collection: claims.collection,
      keyOf: numberKey,
      holderField: 'purchaseOrderId',
      valueField: 'orderNumber',
      stillHolds: async (orgId, purchaseOrderId, key) => {
        const holder = await orders.collection.findOne({ _id: purchaseOrderId } as never);
        return !!holder && holder.orgId === orgId && numberKey(holder.orderNumber as string) === key;
      },
      taken: orderNumberTaken,
    });
  }

  /**
   * Claims the number for the order: true when newly claimed (false: the order held it already,
   * perhaps in another case); 409 `order_number_taken` when another order holds it.
   */
  async claim(orgId: string, purchaseOrderId: string, orderNumber: string): Promise<boolean> {
    return (await this.claims.claim(orgId, purchaseOrderId, [orderNumber])).length > 0;
  }

  /** Gives up the order's claim on the number (after a write that gave it up, or one that failed). */
  release(orgId: string, purchaseOrderId: string, orderNumber: string): Promise<void> {
    return this.claims.release(orgId, purchaseOrderId, [numberKey(orderNumber)]);
  }

  /** The next generated number that no one holds, claimed for the order. */
  async generate(orgId: string, purchaseOrderId: string): Promise<string> {
    for (;;) {
      const orderNumber = formatOrderNumber(await this.nextNumber(orgId));
      try {
        await this.claim(orgId, purchaseOrderId, orderNumber);
        return orderNumber;
      } catch (err) {
        if ((err as { code?: string }).code !== 'order_number_taken') throw err;
      }
    }
  }

  private nextNumber(orgId: string): Promise<number> {
    return this.sequenceLock.run(orgId, async () => {
      let block = this.blocks.get(orgId);
      if (!block || block.next >= block.end) {
        const start = await this.takeBlock(orgId);
        block = { next: start, end: start + BLOCK };
        this.blocks.set(orgId, block);
      }
      return block.next++;
    });
  }

  /** Advances the organization's sequence by a block with a version-guarded update; answers its first number. */
  private async takeBlock(orgId: string): Promise<number> {
    for (;;) {
      const current = await this.sequences.collection.findOne({ _id: orgId } as never);
      if (!current) {
        try {
          await this.sequences.collection.insertOne({ _id: orgId, next: 1 + BLOCK, version: 1 } as never);
          return 1;
        } catch (err) {
          if (!isDuplicateKeyError(err)) throw err;
          continue;
        }
      }
      const { next, version } = current as unknown as { next: number; version: number };
      const res = await this.sequences.updateOne(
        { _id: orgId, version },
        { $set: { next: next + BLOCK, version: version + 1 } },
      );
      if (res.modifiedCount === 1) return next;
    }
  }
}
