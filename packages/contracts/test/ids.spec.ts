import { idSchema, isId } from '../src/ids';
import { PATH_PARAMS } from '../src/routes';

describe('the id rule', () => {
  it('takes our ids and partner ids: letters, digits, _ - . :, up to 128', () => {
    for (const id of ['wh_3kTq9', 'var_1', 'SKU-12.3:a', 'a'.repeat(128)]) expect(isId(id)).toBe(true);
  });

  it('refuses empty, too long, NUL, slashes, dots first, spaces', () => {
    for (const id of ['', 'a'.repeat(129), '\u0000', '../..', 'a/b', '..', '.x', 'a b', '-x'])
      expect(isId(id)).toBe(false);
  });

  it('is the same rule for body ids (idSchema) and path ids (isId)', () => {
    for (const id of ['wh_1', 'a'.repeat(129), '../x', '']) expect(idSchema().safeParse(id).success).toBe(isId(id));
  });

  it("names every path parameter of the route table, such as stock items' variantId and warehouseId", () => {
    expect(PATH_PARAMS).toEqual(expect.arrayContaining(['id', 'variantId', 'warehouseId', 'binId', 'deliveryId']));
  });
});
