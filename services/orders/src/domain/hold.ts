import type { ReservationStatus, StockSale } from '@stockyard/contracts';

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
  /** A fulfilment's deduct: what was sold (order, channel, the line's unit price), for inventory's COGS. */
  sale?: StockSale;
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
  /** The linked purchase order (its expected date is the hold's until the line arrives). */
  purchaseOrderId: string | null;
  kitLevel: boolean;
  kitParentLineId: string | null;
  /** The line's holds' generation: refresh-holds makes the next one (ids `…~<n>`). */
  generation: number;
  createdAt: Date;
  updatedAt: Date;
}

export type NewHold = Omit<Hold, 'version' | 'createdAt' | 'updatedAt'>;

/** Open: PENDING or ALLOCATED (holds stock, or wants to). */
export const isOpen = (hold: Pick<Hold, 'status'>) => hold.status === 'PENDING' || hold.status === 'ALLOCATED';

/** A dropship hold: allocated to a source and holding nothing of ours (the source ships it directly). */
export const isDropship = (hold: Pick<Hold, 'status' | 'sourceChannelId' | 'reservedQuantity'>) =>
  hold.status === 'ALLOCATED' && hold.sourceChannelId !== null && hold.reservedQuantity === 0;

/** Whether the holds sync makes the line a hold when it has none: linked to a variant, some of it unshipped. */
export const wantsHold = (line: { variantId: string | null; quantity: number; shippedQuantity: number }) =>
  Boolean(line.variantId) && line.quantity > line.shippedQuantity;

/** The quantity an open hold still lacks in inventory. */
export const shortOf = (hold: Hold) =>
  isOpen(hold) && !hold.kitLevel ? Math.max(0, hold.quantity - hold.reservedQuantity) : 0;

/**
 * The id of a line's hold: one per line and generation (`~<n>` after the n-th refresh), a kit
 * leaf's adding its variant. Known before the hold exists, so a retried sync or expansion makes it once.
 */
const holdIdOf = (lineId: string, generation = 0, leafVariantId?: string) =>
  `res_${lineId.replace(/^oln_/, '')}${generation ? `~${generation}` : ''}${leafVariantId ? `.${leafVariantId}` : ''}`;

/** A new PENDING hold of the order's line (a kit leaf's names its variant and the quantity it takes). */
export function newHold(
  order: { orgId: string; id: string; status: string },
  line: { id: string; quantity: number; shippedQuantity: number },
  of: { variantId: string; warehouseId: string | null; kitLevel?: boolean; generation?: number; leafQuantity?: number },
  kitParentLineId: string | null = null,
): NewHold {
  const generation = of.generation ?? 0;
  const unshipped = line.quantity - line.shippedQuantity;
  return {
    id: holdIdOf(line.id, generation, kitParentLineId ? of.variantId : undefined),
    orgId: order.orgId,
    orderId: order.id,
    orderStatus: order.status,
    lineId: line.id,
    variantId: of.variantId,
    status: 'PENDING',
    quantity: of.leafQuantity !== undefined ? of.leafQuantity * unshipped : unshipped,
    warehouseId: of.warehouseId,
    reservedQuantity: 0,
    committedQuantity: 0,
    reserves: 0,
    releases: 0,
    pendingMove: null,
    sourceChannelId: null,
    purchaseOrderLineId: null,
    purchaseOrderId: null,
    kitLevel: of.kitLevel ?? false,
    kitParentLineId,
    generation,
  };
}
