import type { InternalHold } from '@stockyard/contracts';
import { perOrg, type MockBehaviors } from '../behavior';

/**
 * Orders as a peer: it knows no customer-order holds (as purchasing with no orders service
 * sees it), so linking finds none and open counts are zero; links asked are kept to be seen.
 */
export function ordersBehaviors(): MockBehaviors {
  const orgs = perOrg(() => ({
    links: [] as { ids: string[]; purchaseOrderId: string; purchaseOrderLineId: string }[],
  }));
  const none = { data: [] as InternalHold[] };
  return {
    routes: {
      ordersHolds: () => none,
      ordersOpenHolds: () => none,
      // Orders counts only variants with open holds: here, none.
      ordersOpenHoldCounts: () => ({ data: [] }),
      ordersLinkHolds: (orgId, body) => {
        orgs.of(orgId).links.push(body);
        return none;
      },
    },
    state: () => orgs.all(),
  };
}
