import { UniqueClaims } from '@stockyard/service-kit';
import { GeneratedNumbers } from '@stockyard/service-kit/store';
import { orderNumberTaken } from '../domain/purchase-order.errors';
import type { NumberClaimModel, NumberSequenceModel, PurchaseOrderModel } from './purchase-order.model';

/** Order numbers are compared trimmed and upper-cased (`po-1` and `PO-1` are one number). */
const numberKey = (orderNumber: string) => orderNumber.trim().toUpperCase();

/**
 * The claims that keep order numbers unique per organization (the order store's unique values:
 * a claim per number, held by its order, trashed ones too, so a number is never reused).
 */
export function orderNumberClaims(claims: NumberClaimModel, orders: PurchaseOrderModel): UniqueClaims {
  return new UniqueClaims({
    collection: claims.collection,
    keyOf: numberKey,
    holderField: 'purchaseOrderId',
    valueField: 'orderNumber',
    holders: orders.collection,
    holds: (order, key) => numberKey(order.orderNumber as string) === key,
    taken: orderNumberTaken,
  });
}

/** Generated order numbers, `PO-000123`: the organization's sequence (the caller skips one supplied by hand). */
export const orderNumbers = (sequences: NumberSequenceModel) => new GeneratedNumbers(sequences.collection, 'PO-');
