import { bulkDeleteTarget, bulkRestoreTarget } from '../src/domain/bulk-products';

describe('bulk targets', () => {
  it('deletes all only with the exact confirmation', () => {
    expect(bulkDeleteTarget({ all: true, confirm: 'DELETE_ALL_PRODUCTS' })).toEqual({ all: true });
    expect(() => bulkDeleteTarget({ all: true })).toThrow(expect.objectContaining({ code: 'confirmation_required' }));
    expect(bulkDeleteTarget({ ids: ['a', 'a', 'b'] })).toEqual({ ids: ['a', 'b'] });
  });

  it('restores by ids, all, or a deletion range', () => {
    const after = new Date('2026-01-01');
    const before = new Date('2026-02-01');
    expect(bulkRestoreTarget({ after, before })).toEqual({ deletedAfter: after, deletedBefore: before });
    expect(bulkRestoreTarget({ all: true })).toEqual({});
  });
});
