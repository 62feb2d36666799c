/**
 * A variant's stock in one warehouse at some moment, as the valuation ledger adds it up: its
 * quantity in integer units of 1/10,000 and its value in cents, both exact.
 */
export interface StockPosition {
  variantId: string;
  warehouseId: string;
  units: number;
  cents: number;
}
