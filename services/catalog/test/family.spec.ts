import { childOrder, linkChild, unlinkChild } from '../src/domain/family';
import { aProduct } from './support/builders';

describe('family rules', () => {
  it('links a SIMPLE product once; relinking to the same family changes nothing', () => {
    const child = linkChild(aProduct({}), 'prd_fam', 3);
    expect(child).toMatchObject({ parentId: 'prd_fam', position: 3 });
    expect(linkChild(child, 'prd_fam', 7)).toBe(child);
  });

  it('refuses non-SIMPLE children and children of another family', () => {
    expect(() => linkChild(aProduct({ type: 'BUNDLE' }), 'prd_fam', 0)).toThrow(
      expect.objectContaining({ code: 'child_not_simple' }),
    );
    const taken = linkChild(aProduct({}), 'prd_a', 0);
    expect(() => linkChild(taken, 'prd_b', 0)).toThrow(expect.objectContaining({ code: 'child_in_other_family' }));
    expect(() => unlinkChild(taken, 'prd_b')).toThrow(expect.objectContaining({ code: 'resource_not_found' }));
  });

  it('orders listed children by index and refuses an id that is not a child', () => {
    expect([...childOrder(['a', 'b', 'c'], ['c', 'a'])]).toEqual([
      ['c', 0],
      ['a', 1],
    ]);
    expect(() => childOrder(['a'], ['z'])).toThrow(expect.objectContaining({ code: 'resource_not_found' }));
  });
});
