import { mergeLayers, withoutInflow, type CostingMethod, type CostPool } from './cost-layer';

/**
 * A change of the organization's method applies from that moment: FIFO to moving average merges
 * the layers into one pool (quantity and value kept, so the unit cost becomes their average);
 * moving average to FIFO makes the pool the first layer. Value does not move, so there is no
 * entry. The engine's callers switch a pool to the organization's method before each operation
 * on it: no operation reached the pool between the setting's change and that moment, so
 * switching then or at the setting's change values everything the same.
 */
export function switchMethod(pool: CostPool, method: CostingMethod): CostPool {
  if (pool.method === method) return pool;
  return {
    ...pool,
    method,
    layers: method === 'MOVING_AVERAGE' ? mergeLayers(pool.layers) : pool.layers.map(withoutInflow),
  };
}
