import {
  ASSIGNABLE_PERMISSIONS,
  OWNER_ONLY_PERMISSIONS,
  PERMISSIONS,
  PERMISSION_DESCRIPTIONS,
  PermissionSchema,
  isAssignable,
  type Permission,
} from '../src/permissions';
import { ROLES, ROLE_PRESETS, RoleSchema, permissionsOf } from '../src/roles';
import { ROUTES } from '../src/routes';

// Copied from the spec's "Permissions named" list so a dropped permission fails here.
const SPEC_NAMED = [
  'products.read',
  'products.write',
  'variants.read',
  'variants.write',
  'warehouses.read',
  'warehouses.manage',
  'stock.adjust',
  'stock.count',
  'sources.read',
  'sources.write',
  'channels.read',
  'channels.write',
  'orders.read',
  'orders.write',
  'pos.read',
  'pos.write',
  'pos.receive',
  'invoices.read',
  'invoices.write',
  'invoices.approve',
  'landed_costs.read',
  'landed_costs.write',
  'shipments.read',
  'shipments.manage',
  'reports.read',
  'webhooks.manage',
  'apikeys.manage',
  'users.manage',
  'settings.read',
  'settings.write',
  'audit.read',
  'export.run',
];

describe('permission catalog', () => {
  it('contains every permission the spec names, once', () => {
    expect(PERMISSIONS).toEqual(expect.arrayContaining(SPEC_NAMED));
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });

  it('describes every permission', () => {
    for (const p of PERMISSIONS) expect(PERMISSION_DESCRIPTIONS[p]).toMatch(/\S/);
    expect(Object.keys(PERMISSION_DESCRIPTIONS).sort()).toEqual([...PERMISSIONS].sort());
  });

  it('makes closing the organization and data recovery owner-only and unassignable', () => {
    expect([...OWNER_ONLY_PERMISSIONS].sort()).toEqual(['data.recover', 'org.close']);
    for (const p of OWNER_ONLY_PERMISSIONS) {
      expect(isAssignable(p)).toBe(false);
      expect(ASSIGNABLE_PERMISSIONS).not.toContain(p);
    }
  });

  it('treats every other catalog permission as assignable and unknown strings as not', () => {
    expect(ASSIGNABLE_PERMISSIONS).toHaveLength(PERMISSIONS.length - OWNER_ONLY_PERMISSIONS.length);
    for (const p of SPEC_NAMED) expect(isAssignable(p)).toBe(true);
    expect(isAssignable('products.delete')).toBe(false);
    expect(isAssignable('')).toBe(false);
  });

  it('validates permission strings with the schema', () => {
    expect(PermissionSchema.parse('pos.receive')).toBe('pos.receive');
    expect(PermissionSchema.safeParse('pos.everything').success).toBe(false);
  });
});

describe('role presets', () => {
  it('covers every role, validated by the schema', () => {
    expect(Object.keys(ROLE_PRESETS).sort()).toEqual([...ROLES].sort());
    expect(RoleSchema.safeParse('OWNER').success).toBe(false);
  });

  it.each(ROLES)('%s holds only assignable permissions, without repeats', (role) => {
    const preset = ROLE_PRESETS[role];
    expect(preset.length).toBeGreaterThan(0);
    for (const p of preset) expect(isAssignable(p)).toBe(true);
    expect(new Set(preset).size).toBe(preset.length);
  });

  it('gives ADMIN every assignable permission', () => {
    expect([...ROLE_PRESETS.ADMIN].sort()).toEqual([...ASSIGNABLE_PERMISSIONS].sort());
  });

  it('keeps VIEWER read-only across catalog, orders and purchasing', () => {
    const viewer = ROLE_PRESETS.VIEWER;
    for (const p of viewer) expect(p).toMatch(/\.read$/);
    expect(viewer).toEqual(expect.arrayContaining(['products.read', 'orders.read', 'pos.read', 'invoices.read']));
  });

  it("lets FINANCE and VIEWER read every report: each /reports route and a variant's stock as of a date", () => {
    const reports = ROUTES.filter((r) => r.path.startsWith('/reports/') || r.path.endsWith('/as-of'));
    expect(reports.map((r) => r.path).sort()).toEqual([
      '/reports/cogs',
      '/reports/inventory-aging',
      '/reports/purchase-spend',
      '/reports/reorder-suggestions',
      '/reports/stock-valuation',
      '/stock/variant/{variantId}/as-of',
    ]);
    for (const route of reports) expect(route.permission).toBe('reports.read');
    expect(ROLE_PRESETS.FINANCE).toContain('reports.read');
    expect(ROLE_PRESETS.VIEWER).toContain('reports.read');
  });

  it('follows the intended use of the narrower roles', () => {
    expect(ROLE_PRESETS.WAREHOUSE).toEqual(expect.arrayContaining(['stock.adjust', 'stock.count', 'pos.receive']));
    expect(ROLE_PRESETS.FINANCE).toEqual(
      expect.arrayContaining(['invoices.approve', 'landed_costs.write', 'reports.read', 'audit.read']),
    );
    expect(ROLE_PRESETS.FULFILLMENT).toEqual(expect.arrayContaining(['orders.write', 'shipments.manage']));
    expect(ROLE_PRESETS.CUSTOMER_SERVICE).not.toContain('invoices.read');
    expect(ROLE_PRESETS.PURCHASING).not.toContain('invoices.approve');
  });
});

describe('permissionsOf', () => {
  it('falls back to the role preset when scopes are empty', () => {
    expect(permissionsOf('FINANCE', [])).toEqual(ROLE_PRESETS.FINANCE);
  });

  it('uses exactly the scopes when set, the role being only a label', () => {
    const scopes: Permission[] = ['invoices.read', 'pos.read'];
    expect([...permissionsOf('ADMIN', scopes)].sort()).toEqual(['invoices.read', 'pos.read']);
  });
});
