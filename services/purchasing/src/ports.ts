import type { Hold } from './domain/order-extras';

/**
 * Customer-order holds (the orders service's reservations), behind a port: the orders service
 * does not exist yet, so the null object answers none, and linking names an unknown hold (422
 * `unknown_reservation`). The reservations issue plugs orders' internal API in here.
 */
export interface HoldLookup {
  /** The holds among these ids (any status). */
  holds(orgId: string, ids: string[]): Promise<Hold[]>;
  /** Open holds of these variants. */
  openHoldsOf(orgId: string, variantIds: string[]): Promise<Hold[]>;
}

export const NO_HOLDS: HoldLookup = { holds: async () => [], openHoldsOf: async () => [] };
