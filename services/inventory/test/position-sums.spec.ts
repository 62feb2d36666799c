import { PositionSums } from '../src/domain/position-sums';

describe('position sums', () => {
  it("give a closing the same positions with each variant's together, in order of first use", () => {
    const sums = new PositionSums();
    sums.add('var_b', 'wh_1', 1, 10);
    sums.add('var_a', 'wh_1', 2, 20);
    sums.add('var_b', 'wh_2', 3, 30);
    sums.add('var_a', 'wh_1', 4, 40);
    expect(sums.positionsByVariant()).toEqual([
      { variantId: 'var_b', warehouseId: 'wh_1', units: 1, cents: 10 },
      { variantId: 'var_b', warehouseId: 'wh_2', units: 3, cents: 30 },
      { variantId: 'var_a', warehouseId: 'wh_1', units: 6, cents: 60 },
    ]);
  });
});
