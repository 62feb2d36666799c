import type { FeedsGiven } from './feeds.module';
import type { HoldsGiven } from './holds.module';
import type { OrdersGiven } from './orders.module';

/** What the orders service's modules give their routes and consumers (built in app.ts), by module. */
export interface OrdersDeps {
  orders: OrdersGiven;
  /** The feed poller and re-pulling one order. */
  feeds: FeedsGiven;
  /** Stock holds: sync with orders, moves, fulfilment, reads. */
  holds: HoldsGiven;
}
