import type { StockPosition } from './stock-position';

/** Changes of stock added up per variant and warehouse, exact (integer units and cents). */
export class PositionSums {
  private readonly sums = new Map<string, StockPosition>();

  add(variantId: string, warehouseId: string, units: number, cents: number): void {
    const key = `${variantId}\u0000${warehouseId}`;
    const sum = this.sums.get(key);
    if (sum) {
      sum.units += units;
      sum.cents += cents;
    } else this.sums.set(key, { variantId, warehouseId, units, cents });
  }

  addAll(positions: Iterable<StockPosition>): this {
    for (const p of positions) this.add(p.variantId, p.warehouseId, p.units, p.cents);
    return this;
  }

  /** Every position added to, those back at zero included. */
  positions(): StockPosition[] {
    return [...this.sums.values()];
  }
}
