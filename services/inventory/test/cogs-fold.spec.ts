import { CogsFold } from '../src/domain/cogs-fold';
import type { SoldEntry } from '../src/domain/cogs-report';

const products: Record<string, string> = { var_a1: 'prd_a', var_a2: 'prd_a', var_b1: 'prd_b' };

function fold(channelId?: string) {
  const asked: string[] = [];
  const keyOf = (variantId: string) => {
    asked.push(variantId);
    return products[variantId] ?? null;
  };
  return { fold: new CogsFold(keyOf, channelId), asked };
}

const entry = (fields: Partial<SoldEntry>): SoldEntry => ({
  variantId: 'var_a1',
  kind: 'SALE',
  at: new Date('2026-03-01T10:00:00Z'),
  quantity: -1,
  cogsCents: 100,
  ...fields,
});

describe('cost of goods sold folded by product as it is read', () => {
  it("adds a variant's closed-day rows and entries to its product: units sold, revenue and cost", () => {
    const { fold: f, asked } = fold();
    f.add('var_a1', 'ch_web', 'SALE', -30_000, 600, 1500, 1);
    f.add('var_a1', 'ch_pos', 'RETURN', 10_000, -200, -500, 1);
    f.add('var_a2', 'ch_web', 'SALE', -5_000, 101, 333, 1);
    f.add('var_x', '', 'LANDED_COST', 0, 37, 0, 1);
    f.entry(entry({ variantId: 'var_b1', quantity: -2, cogsCents: 250, channelId: 'ch_web', revenueCents: 900 }));
    expect(f.groups()).toEqual([
      { key: 'prd_a', units: 25_000, revenueCents: 1333, cogsCents: 501 },
      { key: null, units: 0, revenueCents: 0, cogsCents: 37 },
      { key: 'prd_b', units: 20_000, revenueCents: 900, cogsCents: 250 },
    ]);
    // var_a1's two rows came together: its product was looked up once.
    expect(asked).toEqual(['var_a1', 'var_a2', 'var_x', 'var_b1']);
  });

  it('makes a group of a closed-day row that adds up to 0, not of an entry that changes nothing', () => {
    const { fold: f } = fold();
    f.add('var_a1', 'ch_web', 'LANDED_COST', 0, 0, 0, 1);
    f.entry(entry({ variantId: 'var_b1', kind: 'LANDED_COST', quantity: 0, cogsCents: 0 }));
    expect(f.groups()).toEqual([{ key: 'prd_a', units: 0, revenueCents: 0, cogsCents: 0 }]);
  });

  it('takes away what was sold before the period: a variant sold only then makes no group', () => {
    const { fold: f } = fold();
    // Cumulative by the period's end, and by the day before it.
    f.add('var_a1', 'ch_web', 'SALE', -50_000, 1000, 2500, 4);
    f.add('var_b1', 'ch_web', 'SALE', -20_000, 400, 800, 2);
    f.subtract('var_a1', 'ch_web', 'SALE', -30_000, 600, 1500, 3);
    f.subtract('var_b1', 'ch_web', 'SALE', -20_000, 400, 800, 2);
    expect(f.groups()).toEqual([{ key: 'prd_a', units: 20_000, revenueCents: 1000, cogsCents: 400 }]);
  });

  it("counts one channel's rows when named", () => {
    const { fold: f } = fold('ch_pos');
    f.add('var_a1', 'ch_web', 'SALE', -30_000, 600, 1500, 1);
    f.add('var_a1', 'ch_pos', 'SALE', -10_000, 200, 700, 1);
    f.add('var_b1', '', 'SALE', -10_000, 200, 0, 1);
    expect(f.groups()).toEqual([{ key: 'prd_a', units: 10_000, revenueCents: 700, cogsCents: 200 }]);
  });
});
