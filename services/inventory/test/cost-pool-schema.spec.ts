import { Schema, createConnection } from 'mongoose';
import { receiveCost } from '../src/domain/cost-in';
import { costPoolsField } from '../src/store/cost-pool.schema';
import { ctx, pool } from './support/costing';

describe('costPoolsField', () => {
  const model = createConnection().model('CostPoolsHolder', new Schema({ costPools: costPoolsField }));

  it("stores a level's pools as the engine keeps them: method, layers with value in cents, date and origin", () => {
    const { pool: fifo } = receiveCost(pool('wh_a', 'FIFO'), { quantity: 2.5, unitCostCents: 120 }, ctx('m1', 1));
    const doc = new model({ costPools: [fifo] });
    expect(doc.validateSync()).toBeUndefined();
    expect(doc.toObject().costPools).toEqual([fifo]);
  });

  it('refuses a method it does not know', () => {
    const doc = new model({ costPools: [{ ...pool('wh_a', 'FIFO'), method: 'LIFO' }] });
    expect(doc.validateSync()?.errors['costPools.0.method']).toBeDefined();
  });
});
