import { familyCandidates, suggestFamilyName, type CandidateProduct } from '../src/domain/family-candidates';

const product = (id: string, name: string, over: Partial<CandidateProduct> = {}): CandidateProduct => ({
  id,
  name,
  type: 'SIMPLE',
  parentId: null,
  deletedAt: null,
  ...over,
});

describe('family candidates', () => {
  it('groups SIMPLE products under one parent listing of a channel, two or more per group', () => {
    const products = new Map(
      [
        product('prd_a', 'Trail Shoe - Red'),
        product('prd_b', 'Trail Shoe - Blue'),
        product('prd_c', 'Lone Sock'),
        product('prd_d', 'In a family', { parentId: 'prd_f' }),
        product('prd_e', 'A bundle', { type: 'BUNDLE' }),
      ].map((p) => [p.id, p]),
    );
    const listings = [
      { channelId: 'ch_1', externalParentId: 'P1', productId: 'prd_b' },
      { channelId: 'ch_1', externalParentId: 'P1', productId: 'prd_a' },
      { channelId: 'ch_1', externalParentId: 'P1', productId: 'prd_a' },
      { channelId: 'ch_1', externalParentId: 'P1', productId: 'prd_d' },
      { channelId: 'ch_1', externalParentId: 'P2', productId: 'prd_c' },
      { channelId: 'ch_1', externalParentId: 'P2', productId: 'prd_e' },
      { channelId: 'ch_2', externalParentId: 'P1', productId: 'prd_c' },
    ];
    expect(familyCandidates(listings, products)).toEqual([
      { channelId: 'ch_1', externalParentId: 'P1', productIds: ['prd_a', 'prd_b'], suggestedName: 'Trail Shoe' },
    ]);
  });

  it('suggests the words the names share, else the first name', () => {
    expect(suggestFamilyName(['Tee (S)', 'Tee (M)', 'tee (L)'])).toBe('Tee');
    expect(suggestFamilyName(['Mug / white', 'Mug / black'])).toBe('Mug');
    expect(suggestFamilyName(['Alpha', 'Beta'])).toBe('Alpha');
  });
});
