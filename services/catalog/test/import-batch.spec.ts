import { planBatch, type FeedRow } from '../src/domain/import-batch';
import { applyOffer, type SourceSkuState } from '../src/domain/source-sku';

const now = new Date('2026-01-01T00:00:00Z');
const stored = (sku: string, over: Partial<SourceSkuState> = {}): SourceSkuState => ({
  ...applyOffer('org_1', 'src_1', sku, undefined, { name: sku, cost: 1 }, now).next,
  ...over,
});
const row = (line: number, sku: string, cost: number): FeedRow => ({ ok: true, line, sku, fields: { cost } });

describe('an import batch', () => {
  const known = new Map([
    ['OLD', stored('OLD')],
    ['LINKED', stored('LINKED', { variantId: 'var_1', productId: 'prd_1', preferred: true })],
    ['OTHER', stored('OTHER', { variantId: 'var_2', productId: 'prd_2', preferred: false })],
  ]);
  const plan = (rows: FeedRow[]) => planBatch('org_1', 'src_1', rows, (sku) => known.get(sku), now);

  it('counts created, updated, unchanged and rejected rows, with the rejected lines', () => {
    const result = plan([
      row(2, 'NEW', 5),
      row(3, 'OLD', 1),
      row(4, 'LINKED', 2),
      { ok: false, line: 5, sku: 'BAD', code: 'invalid_cost', message: 'no' },
    ]);
    expect(result.counts).toEqual({ created: 1, updated: 1, unchanged: 1, rejected: 1 });
    expect(result.errors).toEqual([{ line: 5, sku: 'BAD', code: 'invalid_cost', message: 'no' }]);
    expect(result.writes.map((w) => w.next.sku)).toEqual(['NEW', 'LINKED']);
  });

  it("lets a preferred offer's new cost move its variant, not a non-preferred one's", () => {
    expect(plan([row(2, 'LINKED', 3), row(3, 'OTHER', 3)]).costs).toEqual([
      { variantId: 'var_1', productId: 'prd_1', cost: 3 },
    ]);
  });

  it('applies a SKU twice in a batch in file order, as one write', () => {
    const result = plan([row(2, 'LINKED', 3), row(3, 'LINKED', 4)]);
    expect(result.writes).toHaveLength(1);
    expect(result.writes[0]!.before).toBe(known.get('LINKED'));
    expect(result.writes[0]!.next.cost).toBe(4);
    expect(result.costs).toEqual([{ variantId: 'var_1', productId: 'prd_1', cost: 4 }]);
  });
});
