import type { ServiceName } from '@stockyard/contracts';
import type { MockBehaviors } from '../behavior';
import { catalogBehaviors } from './catalog.behaviors';
import { inventoryBehaviors } from './inventory.behaviors';
import { ordersBehaviors } from './orders.behaviors';
import { purchasingBehaviors } from './purchasing.behaviors';

/** The stateful answers of each mocked peer; a service (or a route) not here answers its examples. */
export const BEHAVIORS: Partial<Record<ServiceName, () => MockBehaviors>> = {
  catalog: catalogBehaviors,
  inventory: inventoryBehaviors,
  orders: ordersBehaviors,
  purchasing: purchasingBehaviors,
};
