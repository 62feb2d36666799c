import { z } from 'zod';

/**
 * The permission catalog. The spec names all of these except the two owner-only ones;
 * reservations (stock holds) deliberately have no permission of their own: they belong
 * to orders, so they are read and changed under orders.read / orders.write.
 */
export const PERMISSIONS = [
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
  'org.close',
  'data.recover',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const PermissionSchema = z.enum(PERMISSIONS);

export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  'products.read': 'Read products, their families, bundles, assemblies and trash',
  'products.write': 'Create, edit, convert, archive, trash and restore products',
  'variants.read': 'Read product variants',
  'variants.write': 'Create, edit and delete product variants',
  'warehouses.read': 'Read warehouses, bins, stock levels and stock movements',
  'warehouses.manage': 'Create, edit and delete warehouses and bin locations',
  'stock.adjust': 'Adjust, transfer and move stock; set reorder points and primary bins',
  'stock.count': 'Run bulk stock counts (template, preview and apply)',
  'sources.read': 'Read supplier source SKUs',
  'sources.write': 'Create, edit and delete supplier source SKUs',
  'channels.read': 'Read sales and supplier channels',
  'channels.write': 'Create, edit and delete sales and supplier channels',
  'orders.read': 'Read sales orders, their history and stock holds',
  'orders.write': 'Edit sales orders, manage and allocate their holds, fulfil them',
  'pos.read': 'Read purchase orders, attachments, messages and linked reservations',
  'pos.write': 'Create, edit, submit, cancel and send purchase orders',
  'pos.receive': 'Receive goods against purchase-order lines',
  'invoices.read': 'Read vendor invoices, statements, aging and invoice statistics',
  'invoices.write': 'Record and edit draft vendor invoices and match their lines',
  'invoices.approve': 'Approve, dispute, reopen, pay and reconcile vendor invoices',
  'landed_costs.read': 'Read landed costs and cost summaries of purchase orders',
  'landed_costs.write': 'Add, edit, allocate and delete landed costs',
  'shipments.read': 'Read shipments',
  'shipments.manage': 'Create shipments for orders',
  'reports.read': 'Read reports',
  'webhooks.manage': 'Manage outbound webhook endpoints and their deliveries',
  'apikeys.manage': 'Create and revoke API keys (only with scopes the creator holds)',
  'users.manage': 'Manage the users of the organization',
  'settings.read': 'Read organization settings',
  'settings.write': 'Change organization settings',
  'audit.read': 'Read the audit log',
  'export.run': 'Run data exports',
  'org.close': 'Close the organization (owner only)',
  'data.recover': 'Recover deleted organization data (owner only)',
};

/** Held only by the organization's owner: a leaked key must never be able to do these. */
/**
 * What a storefront key may do, on the storefront surface only: read the products of its
 * channel and check out on it. The gateway derives a storefront key's permissions from its
 * type, so every such key has exactly these, whenever it was made.
 */
export const STOREFRONT_PERMISSIONS: readonly Permission[] = ['products.read', 'orders.write'];

export const OWNER_ONLY_PERMISSIONS = ['org.close', 'data.recover'] as const satisfies readonly Permission[];

const ownerOnly: ReadonlySet<string> = new Set(OWNER_ONLY_PERMISSIONS);

export const ASSIGNABLE_PERMISSIONS: readonly Permission[] = PERMISSIONS.filter((p) => !ownerOnly.has(p));

const assignable: ReadonlySet<string> = new Set(ASSIGNABLE_PERMISSIONS);

/** Takes any string because callers validate untrusted scope lists with it. */
export function isAssignable(p: string): p is Permission {
  return assignable.has(p);
}
