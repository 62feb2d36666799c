import { applyComposition, bundleAvailable, emptyBundle, withAvailability } from '../src/domain/bundle-availability';

describe('bundle availability', () => {
  const leaves = [
    { variantId: 'var_a', quantity: 2 },
    { variantId: 'var_b', quantity: 0.5 },
  ];

  it('is the minimum over leaves of ⌊available / quantity⌋, never below 0, 0 without rows', () => {
    const stock: Record<string, number> = { var_a: 7, var_b: 10 };
    expect(bundleAvailable(leaves, (v) => stock[v] ?? 0)).toBe(3);
    expect(bundleAvailable(leaves, (v) => (v === 'var_b' ? -4 : 100))).toBe(0);
    expect(bundleAvailable([], () => 5)).toBe(0);
  });

  it('publishes old and new for each bundle variant only when the number moves', () => {
    const bundle = { ...emptyBundle('org_1', 'prd_1'), variantIds: ['var_k1', 'var_k2'], available: 2, version: 3 };
    const moved = withAvailability(bundle, leaves, 3);
    expect(moved.events!.map((e) => e.payload)).toEqual([
      { orgId: 'org_1', variantId: 'var_k1', oldAvailable: 2, newAvailable: 3 },
      { orgId: 'org_1', variantId: 'var_k2', oldAvailable: 2, newAvailable: 3 },
    ]);
    const same = withAvailability({ ...bundle, leaves, leafIds: ['var_a', 'var_b'] }, leaves, 2);
    expect(same).toEqual({});
  });

  it('keeps the newest composition: an older event changes nothing', () => {
    const held = { ...emptyBundle('org_1', 'prd_1'), sourceUpdatedAt: '2026-11-24T10:00:00.000Z' };
    const older = {
      orgId: 'org_1',
      productId: 'prd_1',
      variantIds: ['v'],
      components: [],
      updatedAt: '2026-11-24T09:00:00.000Z',
    };
    expect(applyComposition(held, older)).toBe(held);
  });
});
