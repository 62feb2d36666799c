import type { ReservationStatus } from '@stockyard/contracts';

/** A move in inventory a hold has asked for and not yet seen answered (written before the call). */
export interface PendingMove {
  kind: 'reserve' | 'release' | 'deduct';
  /** Names the movement in inventory: a repeat never moves stock twice. */
  operationKey: string;
  warehouseId: string;
  quantity: number;
  /** A deduct: also consume the hold's reservation (false for a restored hold, which holds none). */
  fromReserved?: boolean;
  /** A deduct: the status the hold goes back to if inventory refuses it. */
  undo?: ReservationStatus;
  at: Date;
}

/**
 * A stock hold (`res_…`) of an order line's variant (services/orders/README.md, "Holds"): what
 * it holds reserved in its warehouse, the one inventory move in flight, and how it was allocated.
 */
export interface Hold {
  id: string;
  orgId: string;
  version: number;
  orderId: string;
  /** The order's status as the hold last saw it (stale holds: open on a SHIPPED or DELIVERED order). */
  orderStatus: string;
  lineId: string;
  variantId: string;
  status: ReservationStatus;
  quantity: number;
  warehouseId: string | null;
  reservedQuantity: number;
  committedQuantity: number;
  /** Reserve calls made so far: the next top-up's key is `<id>:<reserves + 1>`. */
  reserves: number;
  /** Release calls made so far: the next one's key is `<id>:release:<releases + 1>`. */
  releases: number;
  pendingMove: PendingMove | null;
  sourceChannelId: string | null;
  purchaseOrderLineId: string | null;
  kitLevel: boolean;
  kitParentLineId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type NewHold = Omit<Hold, 'version' | 'createdAt' | 'updatedAt'>;

/** Open: PENDING or ALLOCATED (holds stock, or wants to). */
export const isOpen = (hold: Pick<Hold, 'status'>) => hold.status === 'PENDING' || hold.status === 'ALLOCATED';

/** The quantity an open hold still lacks in inventory. */
export const shortOf = (hold: Hold) =>
  isOpen(hold) && !hold.kitLevel ? Math.max(0, hold.quantity - hold.reservedQuantity) : 0;

/** The id of a line's hold: one per line (a kit leaf's adds its variant). */
export const holdIdOf = (lineId: string, leafVariantId?: string) =>
  `res_${lineId.replace(/^oln_/, '')}${leafVariantId ? `.${leafVariantId}` : ''}`;
