import type { Hold } from './domain/order-extras';

/**
 * Customer-order holds (the orders service's reservations), behind a port: orders' internal API
 * (peers/order-holds.ts, wired in app.ts), or the null object when no orders service is named
 * (then linking names an unknown hold: 422 `unknown_reservation`).
 */
export interface HoldLookup {
  /** The holds among these ids (any status). */
  holds(orgId: string, ids: string[]): Promise<Hold[]>;
  /** Open holds of these variants. */
  openHoldsOf(orgId: string, variantIds: string[]): Promise<Hold[]>;
  /**
   * Tells orders the holds are linked to the line (from the link's outbox event: store/hold-link-tells.ts).
   * Orders away: a 503 `AppError`; orders refusing: a 422 one.
   */
  linked(orgId: string, ids: string[], purchaseOrderId: string, purchaseOrderLineId: string): Promise<void>;
}

export const NO_HOLDS: HoldLookup = {
  holds: async () => [],
  openHoldsOf: async () => [],
  linked: async () => undefined,
};
