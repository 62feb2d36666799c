import { flattenLeaves } from '../src/domain/bundle-leaves';

describe('flattenLeaves', () => {
  const products: Record<string, { type: 'BUNDLE' | 'SIMPLE'; components: { variantId: string; quantity: number }[] }> =
    {
      v_inner: { type: 'BUNDLE', components: [{ variantId: 'v_a', quantity: 0.5 }] },
      v_a: { type: 'SIMPLE', components: [] },
    };
  const ownerOf = (id: string) => products[id];

  it('multiplies nested quantities in 4-decimal steps and sums the same leaf', () => {
    expect(
      flattenLeaves(
        [
          { variantId: 'v_inner', quantity: 3 },
          { variantId: 'v_a', quantity: 0.1 },
        ],
        ownerOf,
      ),
    ).toEqual([{ variantId: 'v_a', quantity: 1.6 }]);
  });

  it('refuses a cycle as too deep', () => {
    const loop = { v_loop: { type: 'BUNDLE' as const, components: [{ variantId: 'v_loop', quantity: 1 }] } };
    expect(() => flattenLeaves(loop.v_loop.components, (id) => loop[id as 'v_loop'])).toThrow(
      expect.objectContaining({ code: 'component_cycle' }),
    );
  });
});
