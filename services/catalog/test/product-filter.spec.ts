import { ProductListQuerySchema } from '@stockyard/contracts';
import { productFilter, productSort } from '../src/store/product-filter';

const query = (q: Record<string, string>) => ProductListQuerySchema.parse(q);

describe('the GET /products filter', () => {
  it('is live, unarchived products of the organization by default, newest first', () => {
    expect(productFilter('org_1', query({}))).toEqual({ orgId: 'org_1', deletedAt: null, archived: false });
    expect(productSort(query({}))).toEqual({ createdAt: -1, _id: -1 });
  });

  it('takes the channel’s products as an id list', () => {
    expect(productFilter('org_1', query({ channelId: 'ch_1' }), ['prd_1'])).toMatchObject({ _id: { $in: ['prd_1'] } });
  });

  it('reads marginBelow with marginUnknown=true as either, with marginUnknown=false as known and below', () => {
    expect(productFilter('org_1', query({ marginBelow: '10', marginUnknown: 'true' })).$and).toEqual([
      { $or: [{ margin: { $lt: 10 } }, { margin: null }] },
    ]);
    expect(productFilter('org_1', query({ marginBelow: '10', marginUnknown: 'false' })).margin).toEqual({
      $lt: 10,
      $ne: null,
    });
  });

  it('escapes regular-expression characters in search', () => {
    const filter = productFilter('org_1', query({ search: 'a+b' }));
    const name = (filter.$and as { $or: { name?: RegExp }[] }[])[0]!.$or.find((c) => c.name)!.name!;
    expect(name.test('A+B kit')).toBe(true);
    expect(name.test('aab')).toBe(false);
  });
});
