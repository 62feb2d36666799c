import { INTERNAL_EXAMPLES } from '@stockyard/contracts';
import { isMissing, type MockBehaviors } from '../behavior';

const EXAMPLE_ORDER = INTERNAL_EXAMPLES.purchasingPurchaseOrders.response.data[0]!;

/** Purchasing as a peer: every order asked exists (but `missing…` ids), the example with the asked id. */
export function purchasingBehaviors(): MockBehaviors {
  return {
    routes: {
      purchasingPurchaseOrders: (_orgId, { ids }) => ({
        data: ids.filter((id) => !isMissing(id)).map((id) => ({ ...EXAMPLE_ORDER, id })),
        missing: ids.filter(isMissing),
      }),
    },
    state: () => ({}),
  };
}
