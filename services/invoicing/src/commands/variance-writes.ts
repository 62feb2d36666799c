import type { Decision } from '@stockyard/service-kit';
import type { Invoice } from '../domain/invoice';
import { variancesMoved, withVarianceEvent } from '../domain/invoice-variance-applied';
import type { PurchaseOrderReads } from '../peers/purchase-orders';

type Decide<R> = (inv: Invoice) => Decision<Invoice, R> | Promise<Decision<Invoice, R>>;

/**
 * Every change of an invoice goes through this: `decide`, with the invoice's
 * `invoice_variance.applied` in the same write when the variances that count moved (a line
 * matched, re-matched or changed on a payable invoice, the invoice becoming payable or no longer
 * so). Only then is its order read (under the invoice's lock, as a decision's reads are), for the
 * lines' variants, received quantities and warehouse.
 */
export const withVariances =
  <R>(orders: PurchaseOrderReads, decide: Decide<R>): Decide<R> =>
  async (current) => {
    const decision = await decide(current);
    const next = decision.state;
    if (!next || !current.purchaseOrderId || !variancesMoved(current, next)) return decision;
    return withVarianceEvent(current, decision, await orders.order(current.orgId, current.purchaseOrderId));
  };
