import { createConnection } from 'mongoose';
import { receiveCost } from '../src/domain/cost-in';
import { takeStockCost } from '../src/domain/cost-out';
import { valuationEntryModel } from '../src/store/valuation-entry.model';
import { valuationRowsOf } from '../src/store/valuation-rows';
import { ctx, pool } from './support/costing';

describe('valuationRowsOf', () => {
  const received = receiveCost(pool('wh_a', 'FIFO'), { quantity: 1, unitCostCents: 500 }, ctx('mov_1', 1));
  const sale = takeStockCost(received.pool, 'SALE', 3, ctx('mov_2', 2));
  const rows = valuationRowsOf({ orgId: 'org_1', variantId: 'var_1', version: 7 }, sale.entries);

  it('ids each row by its cause and place in the change, so a replayed change writes the same rows', () => {
    expect(rows.map((r) => [r._id, r.version, r.index, r.kind])).toEqual([
      ['org_1:movement:mov_2:0', 7, 0, 'OPENING'],
      ['org_1:movement:mov_2:1', 7, 1, 'SALE'],
    ]);
    expect(valuationRowsOf({ orgId: 'org_1', variantId: 'var_1', version: 7 }, sale.entries)).toEqual(rows);
  });

  it('makes rows the stock_valuation_entries schema takes', () => {
    const model = valuationEntryModel(createConnection());
    for (const row of rows) expect(new model(row).validateSync()).toBeUndefined();
    expect(rows[1]).toMatchObject({
      quantity: -3,
      valueCents: -500,
      cogsCents: 500,
      quantityAfter: 0,
      valueAfterCents: 0,
    });
  });

  it('puts a sale’s order, channel and revenue on its row only; rows of no sale lack them', () => {
    const sold = { orderId: 'ord_1', channelId: 'ch_1', revenueCents: 1200 };
    const entries = sale.entries.map((e) => (e.kind === 'SALE' ? { ...e, sale: sold } : e));
    const [opening, row] = valuationRowsOf({ orgId: 'org_1', variantId: 'var_1', version: 7 }, entries);
    expect(row).toMatchObject(sold);
    expect(row).not.toHaveProperty('sale');
    expect(opening).not.toHaveProperty('orderId');
    expect(rows[1]).not.toHaveProperty('channelId');
    const model = valuationEntryModel(createConnection());
    expect(new model(row).validateSync()).toBeUndefined();
  });
});
