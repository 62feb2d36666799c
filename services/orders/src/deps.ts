import type { CheckoutCommands } from './commands/checkout-commands';
import type { FulfilCommands } from './commands/fulfil-commands';
import type { FulfilmentRefresh } from './commands/fulfilment-refresh';
import type { HoldCommands } from './commands/hold-commands';
import type { HoldLinks } from './commands/hold-links';
import type { HoldMoves } from './commands/hold-moves';
import type { HoldQueries } from './commands/hold-queries';
import type { HoldSweep } from './commands/hold-sweep';
import type { HoldSync } from './commands/hold-sync';
import type { OrderImports } from './commands/import-commands';
import type { KitCommands } from './commands/kit-commands';
import type { OrderCommands } from './commands/order-commands';
import type { ReresolveLines } from './commands/reresolve-lines';
import type { ShipmentCommands } from './commands/shipment-commands';
import type { SyncCommands } from './commands/sync-commands';
import type { FeedPoller } from './feeds/feed-poller';
import type { HoldReads, HoldStore } from './store/hold.repository';
import type { OrderStatsBuckets } from './store/order-stats.repository';
import type { OrderLists, OrderReads, OrderStore } from './store/order.repository';

/** What the orders module gives its routes and the feeds and holds modules: commands and reads. */
export interface OrdersGiven {
  commands: OrderCommands;
  /** The upsert every order arrives by: the partner push, the feeds, the storefront's checkout. */
  imports: OrderImports;
  /** Orders by id: the holds read their orders through it. */
  orders: OrderReads;
  /** The lists, the trash and an export's pages. */
  lists: OrderLists;
  stats: Pick<OrderStatsBuckets, 'stats'>;
  shipments: ShipmentCommands;
  checkout: CheckoutCommands;
}

/** What the feeds module gives its routes: re-pulling one order. */
export interface FeedsGiven {
  sync: SyncCommands;
}

/** What tests reach in the feeds module: the poller, ticked by hand. */
export interface FeedsTestHooks {
  poller: Pick<FeedPoller, 'tick'>;
}

/** What the holds module gives its routes (partner and internal): commands and reads. */
export interface HoldsGiven {
  reads: HoldQueries;
  commands: HoldCommands;
  fulfil: FulfilCommands;
  kits: KitCommands;
  reresolve: ReresolveLines;
  /** Purchase-order links, as purchasing tells them. */
  links: HoldLinks;
}

/**
 * What tests reach in the holds module: the sweep, ticked by hand; inventory's client as the
 * moves call it (to fail one call); and the holds' store, to leave a hold as a crashed process
 * would. It must be this process's store: it remembers the holds it wrote, and a write from
 * another store would leave that memory stale.
 */
export interface HoldsTestHooks {
  sweep: Pick<HoldSweep, 'tick'>;
  moves: Pick<HoldMoves, 'stock'>;
  holdsStore: Pick<HoldStore, 'change'>;
}

/**
 * What the orders module hands the holds module to build on (app.ts wires it; no route sees it):
 * the holds each order write brings in step are kept by these, built with the orders' store.
 */
export interface OrderHolding {
  store: OrderStore;
  holdsStore: HoldStore;
  holds: HoldReads;
  moves: HoldMoves;
  sync: HoldSync;
  /** Shows the holds' fulfilment on their orders. */
  fulfilment: FulfilmentRefresh;
}
