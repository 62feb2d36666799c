import { fromUnits, toUnits, type CostingMethod } from '@stockyard/contracts';

/** How stock leaves at cost: oldest layers first, or at the pool's average. An organization setting (contracts). */
export type { CostingMethod };

/**
 * Stock that came in together, at its value. The value is kept in whole cents for the whole
 * layer, not as a unit cost, so taking part of a layer and the rest later sums exactly to it;
 * the unit cost is derived (valueCents / quantity). A layer always holds a quantity above 0.
 */
export interface CostLayer {
  /** At most 4 decimals, as every inventory quantity. */
  quantity: number;
  valueCents: number;
  /** When it came in (a transfer keeps the source's date): FIFO's order and the aging report's. */
  receivedAt: Date;
  /** What brought it in (a purchase-order line's key), so a landed cost finds its own layers; null when mixed. */
  origin: string | null;
  /**
   * A moving-average pool's units that came in since it was last empty (absent: its quantity, nothing
   * mixed or taken yet). Its units are alike, so of a purchase-order line that came in, what is left
   * is its share: received × quantity / inflow (inflowUnits, apply-line-cost.ts).
   */
  inflow?: number;
}

/**
 * The cost of one variant's stock in one warehouse. FIFO keeps its layers oldest first; moving
 * average keeps at most one (the pool). Its quantity follows the warehouse's on hand.
 */
export interface CostPool {
  warehouseId: string;
  method: CostingMethod;
  layers: CostLayer[];
}

export const emptyPool = (warehouseId: string, method: CostingMethod): CostPool => ({
  warehouseId,
  method,
  layers: [],
});

/** Quantities are summed in integer units of 1/10,000 (contracts' amounts), so sums carry no float noise. */
export const layerUnits = (layer: Pick<CostLayer, 'quantity'>) => toUnits(layer.quantity);
export const poolUnits = (pool: Pick<CostPool, 'layers'>) => pool.layers.reduce((sum, l) => sum + layerUnits(l), 0);
export const poolQuantity = (pool: Pick<CostPool, 'layers'>) => fromUnits(poolUnits(pool));
export const poolValue = (pool: Pick<CostPool, 'layers'>) => pool.layers.reduce((sum, l) => sum + l.valueCents, 0);

/** The units that came into a layer: its inflow, else its quantity. */
export const inflowUnits = (layer: Pick<CostLayer, 'quantity' | 'inflow'>) => toUnits(layer.inflow ?? layer.quantity);

/** A layer as it leaves its pool (taken out, or its pool no longer averaged): its units alone, no inflow. */
export const withoutInflow = ({ inflow: _inflow, ...layer }: CostLayer): CostLayer => layer;

/** Several layers as one: their quantity, value and inflow, the newest date, the origin if they share one. */
export function mergeLayers(layers: readonly CostLayer[]): CostLayer[] {
  if (layers.length <= 1) return [...layers];
  const origins = new Set(layers.map((l) => l.origin));
  return [
    {
      quantity: fromUnits(layers.reduce((sum, l) => sum + layerUnits(l), 0)),
      valueCents: layers.reduce((sum, l) => sum + l.valueCents, 0),
      receivedAt: new Date(Math.max(...layers.map((l) => l.receivedAt.getTime()))),
      origin: origins.size === 1 ? layers[0]!.origin : null,
      inflow: fromUnits(layers.reduce((sum, l) => sum + inflowUnits(l), 0)),
    },
  ];
}
