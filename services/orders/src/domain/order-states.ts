import type { OrderStatus } from '@stockyard/contracts';
import { stateTable } from '@stockyard/service-kit';

/**
 * The sales order's lifecycle (issue #25; services/orders/README.md, "Lifecycle"). PENDING:
 * awaiting confirmation or payment on the channel; PROCESSING: to be fulfilled; ON_HOLD: not
 * to be fulfilled until released. CANCELLED and ON_HOLD are reachable until the order ships;
 * a shipment (or the channel saying so) moves it to PARTIALLY_SHIPPED or SHIPPED from any open
 * status, which is how a channel's SHIPPED for an order we never fulfilled is accepted.
 * DELIVERED and CANCELLED are final. Asking for the status an order has is allowed and changes
 * nothing (no history entry, no event): a retried request or a channel saying it again.
 */
export const orderStates = stateTable('Order', {
  PENDING: {
    reopen: 'PENDING',
    process: 'PROCESSING',
    hold: 'ON_HOLD',
    cancel: 'CANCELLED',
    ship_part: 'PARTIALLY_SHIPPED',
    ship: 'SHIPPED',
  },
  PROCESSING: {
    process: 'PROCESSING',
    hold: 'ON_HOLD',
    cancel: 'CANCELLED',
    ship_part: 'PARTIALLY_SHIPPED',
    ship: 'SHIPPED',
  },
  ON_HOLD: {
    hold: 'ON_HOLD',
    process: 'PROCESSING',
    reopen: 'PENDING',
    cancel: 'CANCELLED',
    ship_part: 'PARTIALLY_SHIPPED',
    ship: 'SHIPPED',
  },
  PARTIALLY_SHIPPED: { ship_part: 'PARTIALLY_SHIPPED', ship: 'SHIPPED' },
  SHIPPED: { ship: 'SHIPPED', deliver: 'DELIVERED' },
  DELIVERED: { deliver: 'DELIVERED' },
  CANCELLED: { cancel: 'CANCELLED' },
});
export type OrderTrigger = (typeof orderStates.triggers)[number];

/** The trigger a request for a status is (PUT /orders/{id}/status, the bulk route, a channel's status). */
export const TRIGGER_TO: Record<OrderStatus, OrderTrigger> = {
  PENDING: 'reopen',
  PROCESSING: 'process',
  ON_HOLD: 'hold',
  PARTIALLY_SHIPPED: 'ship_part',
  SHIPPED: 'ship',
  DELIVERED: 'deliver',
  CANCELLED: 'cancel',
};
