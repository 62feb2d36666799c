import { CATALOG_API } from '../api/catalog.api';
import { GATEWAY_API } from '../api/gateway.api';
import { INVENTORY_API } from '../api/inventory.api';
import { INVOICING_API } from '../api/invoicing.api';
import { ORDERS_API } from '../api/orders.api';
import { PURCHASING_API } from '../api/purchasing.api';
import { WEBHOOKS_API } from '../api/webhooks.api';
import type { RouteSpec } from '../routes';

const APIS = [GATEWAY_API, WEBHOOKS_API, PURCHASING_API, INVOICING_API, ORDERS_API, INVENTORY_API, CATALOG_API];

const key = (r: Pick<RouteSpec, 'method' | 'path'>) => `${r.method} ${r.path}`;

/** `METHOD path` → the name a service binds the row by (`createPurchaseOrder`): the operationId. */
const NAMES = new Map<string, string>(
  APIS.flatMap((api) => Object.entries(api).map(([name, row]) => [key(row as RouteSpec), name] as const)),
);

/**
 * The operationId of a row: its name in the service's `*_API`, or for a row not bound yet one
 * made from its method and path (`post_orders_id_fulfill`).
 */
export function operationIdOf(route: RouteSpec): string {
  return (
    NAMES.get(key(route)) ??
    `${route.method.toLowerCase()}${route.path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+/g, '_')}`
  );
}
