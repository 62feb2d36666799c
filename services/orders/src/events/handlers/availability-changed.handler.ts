import type { TypedEvent } from '@stockyard/contracts';
import { noteAssemblyStock } from '../../domain/assembly-stock';
import { assemblyTerm } from '../../domain/order-search';
import type { OrderReads, OrderStore } from '../../store/order.repository';

/**
 * inventory.availability_changed: the open orders with an ASSEMBLY line of the variant (an exact
 * term of their search index) take its new available quantity, in one batched change, so
 * `blockedOnBuild` follows the stock. Idempotent: the same quantity again changes nothing.
 */
/** Whether an open order has an ASSEMBLY line of the variant (most variants have none: nothing to dedupe then). */
export const assemblyHeld =
  (reads: OrderReads) =>
  ({ payload }: TypedEvent<'inventory.availability_changed'>): Promise<boolean> =>
    reads.assemblyHeld(payload.orgId, payload.variantId);

export const availabilityChangedHandler =
  (store: OrderStore, reads: OrderReads) => async (event: TypedEvent<'inventory.availability_changed'>) => {
    const { orgId, variantId, newAvailable } = event.payload;
    const ids = await reads.holding(orgId, assemblyTerm(variantId));
    if (ids.length > 0) await store.changeMany(orgId, ids, (o) => noteAssemblyStock(o, variantId, newAvailable));
  };
