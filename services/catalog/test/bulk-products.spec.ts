import { bulkDeleteTarget, bulkRestoreTarget, restoreCursor, trashPositionOf } from '../src/domain/bulk-products';

describe('bulk targets', () => {
  it('deletes all only with the exact confirmation, from a cursor when given', () => {
    expect(bulkDeleteTarget({ all: true, confirm: 'DELETE_ALL_PRODUCTS' })).toEqual({ all: true });
    expect(bulkDeleteTarget({ all: true, confirm: 'DELETE_ALL_PRODUCTS', startingAfter: 'prd_1' })).toEqual({
      all: true,
      startingAfter: 'prd_1',
    });
    expect(() => bulkDeleteTarget({ all: true })).toThrow(expect.objectContaining({ code: 'confirmation_required' }));
    expect(bulkDeleteTarget({ ids: ['a', 'a', 'b'] })).toEqual({ ids: ['a', 'b'] });
  });

  it('restores by ids, all, or a deletion range, from a cursor when given', () => {
    const after = new Date('2026-01-01');
    const before = new Date('2026-02-01');
    expect(bulkRestoreTarget({ after, before })).toEqual({ range: { deletedAfter: after, deletedBefore: before } });
    expect(bulkRestoreTarget({ all: true })).toEqual({ range: {} });
    expect(bulkRestoreTarget({ all: true, startingAfter: 'c' })).toEqual({ range: {}, startingAfter: 'c' });
    expect(bulkRestoreTarget({ ids: ['a', 'a'] })).toEqual({ ids: ['a'] });
  });

  it('a restore cursor names the position it was made of, and nothing else is one', () => {
    const position = { at: new Date('2026-03-04T05:06:07.089Z'), id: 'prd_a:b' };
    expect(trashPositionOf(restoreCursor(position))).toEqual(position);
    for (const bad of ['prd_1', restoreCursor(position).slice(1), Buffer.from('x:prd_1').toString('base64url')]) {
      expect(() => trashPositionOf(bad)).toThrow(
        expect.objectContaining({
          code: 'validation_failed',
          details: [expect.objectContaining({ field: 'startingAfter' })],
        }),
      );
    }
  });
});
