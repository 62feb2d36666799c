import type { PositionSink } from './packed-positions';
import type { StockPosition } from './stock-position';

/** Changes of stock added up per variant and warehouse, exact (integer units and cents). */
export class PositionSums {
  private readonly sums = new Map<string, StockPosition>();

  /** One change (a sink: passed on its own, it stays bound). */
  readonly add: PositionSink = (variantId, warehouseId, units, cents) => {
    const key = `${variantId}\u0000${warehouseId}`;
    const sum = this.sums.get(key);
    if (sum) {
      sum.units += units;
      sum.cents += cents;
    } else this.sums.set(key, { variantId, warehouseId, units, cents });
  };

  addAll(positions: Iterable<StockPosition>): this {
    for (const p of positions) this.add(p.variantId, p.warehouseId, p.units, p.cents);
    return this;
  }

  /** Every position added to, those back at zero included. */
  positions(): StockPosition[] {
    return [...this.sums.values()];
  }

  /**
   * The same, a variant's positions together: a closing written so holds each variant's id once in
   * a part, and a report looks it up once, not once per warehouse (issue #42).
   */
  positionsByVariant(): StockPosition[] {
    const byVariant = new Map<string, StockPosition[]>();
    for (const p of this.sums.values()) {
      const positions = byVariant.get(p.variantId);
      if (positions) positions.push(p);
      else byVariant.set(p.variantId, [p]);
    }
    return [...byVariant.values()].flat();
  }
}
