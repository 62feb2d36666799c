import { z } from 'zod';
import { ASSIGNABLE_PERMISSIONS, type Permission } from './permissions';

export const ROLES = [
  'ADMIN',
  'CATALOG_MANAGER',
  'CHANNEL_MANAGER',
  'PURCHASING',
  'WAREHOUSE',
  'FULFILLMENT',
  'FINANCE',
  'CUSTOMER_SERVICE',
  'VIEWER',
] as const;

export type Role = (typeof ROLES)[number];

export const RoleSchema = z.enum(ROLES);

// Most roles need to look up the items they work on, hence the recurring catalog reads.
const CATALOG_READ: readonly Permission[] = ['products.read', 'variants.read'];

/** Presets follow the spec's "Intended for" column; a key's scopes replace them when set. */
export const ROLE_PRESETS: Record<Role, readonly Permission[]> = {
  ADMIN: ASSIGNABLE_PERMISSIONS,
  CATALOG_MANAGER: [
    'products.read',
    'products.write',
    'variants.read',
    'variants.write',
    'channels.read',
    'channels.write',
    'sources.read',
    'sources.write',
  ],
  // Listings are products on a channel, so reading the catalog is enough for them.
  CHANNEL_MANAGER: [...CATALOG_READ, 'channels.read', 'channels.write', 'orders.read', 'orders.write'],
  // Suppliers are supplier channels: purchasing maintains their source SKUs but not the
  // channel connections themselves, which stay with catalog management.
  PURCHASING: [
    ...CATALOG_READ,
    'channels.read',
    'sources.read',
    'sources.write',
    'warehouses.read',
    'pos.read',
    'pos.write',
    'invoices.read',
    'invoices.write',
    'landed_costs.read',
    'landed_costs.write',
  ],
  WAREHOUSE: [
    ...CATALOG_READ,
    'warehouses.read',
    'warehouses.manage',
    'stock.adjust',
    'stock.count',
    'pos.read',
    'pos.receive',
  ],
  FULFILLMENT: [
    ...CATALOG_READ,
    'warehouses.read',
    'orders.read',
    'orders.write',
    'shipments.read',
    'shipments.manage',
  ],
  // Finance reads purchase orders to check invoices against them.
  FINANCE: [
    'pos.read',
    'invoices.read',
    'invoices.write',
    'invoices.approve',
    'landed_costs.read',
    'landed_costs.write',
    'reports.read',
    'audit.read',
  ],
  CUSTOMER_SERVICE: [
    ...CATALOG_READ,
    'channels.read',
    'warehouses.read',
    'orders.read',
    'orders.write',
    'shipments.read',
  ],
  VIEWER: [
    ...CATALOG_READ,
    'channels.read',
    'sources.read',
    'warehouses.read',
    'orders.read',
    'shipments.read',
    'pos.read',
    'invoices.read',
    'landed_costs.read',
    'reports.read',
  ],
};

/** Empty scopes mean the role's preset; otherwise the scopes alone, the role being a label. */
export function permissionsOf(role: Role, scopes: readonly Permission[]): readonly Permission[] {
  return scopes.length === 0 ? ROLE_PRESETS[role] : scopes;
}
