import { listingId, upsertListing } from '../src/domain/listing';

const input = { productId: 'prd_1', externalProductId: 'P-1', externalVariantId: 'V-1' };

describe('listings', () => {
  it('names a listing by its channel and external ids', () => {
    expect(listingId('ch_1', 'P-1', 'V-1')).toBe(listingId('ch_1', 'P-1', 'V-1'));
    expect(listingId('ch_1', 'P-1', 'V-1')).not.toBe(listingId('ch_2', 'P-1', 'V-1'));
    expect(listingId('ch_1', 'P-1', null)).not.toBe(listingId('ch_1', 'P-1', 'V-1'));
    expect(listingId('ch_1', 'P-1', null)).toMatch(/^lst_[\w-]{24}$/);
  });

  it('creates, then leaves an identical upsert unchanged, then updates what moved', () => {
    const now = new Date();
    const created = upsertListing('org_1', 'ch_1', undefined, input, now);
    expect(created.outcome).toBe('created');
    expect(created.next).toMatchObject({ variantId: null, externalParentId: null, externalVariantId: 'V-1' });
    const same = upsertListing('org_1', 'ch_1', created.next, input, now);
    expect(same).toEqual({ outcome: 'unchanged', next: created.next });
    const moved = upsertListing('org_1', 'ch_1', created.next, { ...input, externalParentId: 'PARENT' }, now);
    expect(moved.outcome).toBe('updated');
    expect(moved.next.externalParentId).toBe('PARENT');
  });
});
