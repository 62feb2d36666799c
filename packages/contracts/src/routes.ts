import { CATALOG_API } from './api/catalog.api';
import { GATEWAY_API } from './api/gateway.api';
import { INVENTORY_API } from './api/inventory.api';
import { INVOICING_API } from './api/invoicing.api';
import { ORDERS_API } from './api/orders.api';
import { PURCHASING_API } from './api/purchasing.api';
import { WEBHOOKS_API } from './api/webhooks.api';
import type { BoundRoute } from './api/bound-route';
import type { RouteSpec, ServiceName } from './route-spec';

export { SERVICES, type HttpMethod, type RouteSpec, type ServiceName } from './route-spec';

/**
 * The partner API's route table: every route each service's `api/<service>.api.ts` declares,
 * service by service (this order is the document's tag order). A route is declared once, there,
 * with its permission, status and schemas; the gateway routes by this table and services bind
 * the same declarations.
 */
const APIS: readonly Record<string, BoundRoute>[] = [
  WEBHOOKS_API,
  PURCHASING_API,
  INVOICING_API,
  ORDERS_API,
  INVENTORY_API,
  CATALOG_API,
  GATEWAY_API,
];
export const ROUTES: readonly BoundRoute[] = APIS.flatMap((api) => Object.values(api));

const NAMES = new Map<string, string>(
  APIS.flatMap((api) => Object.entries(api).map(([name, r]) => [`${r.method} ${r.path}`, name] as const)),
);

/** Every route's name: its key in its service's api file (`submitPurchaseOrder`), the OpenAPI operationId. */
export type RouteName =
  | keyof typeof WEBHOOKS_API
  | keyof typeof PURCHASING_API
  | keyof typeof INVOICING_API
  | keyof typeof ORDERS_API
  | keyof typeof INVENTORY_API
  | keyof typeof CATALOG_API
  | keyof typeof GATEWAY_API;

/** The route of a name. */
export const ROUTE_NAMED = Object.fromEntries(APIS.flatMap((api) => Object.entries(api))) as Record<
  RouteName,
  BoundRoute
>;

/** A row's name: its key in its service's api file (`submitPurchaseOrder`), the OpenAPI operationId. */
export const routeNameOf = (route: Pick<RouteSpec, 'method' | 'path'>): string =>
  NAMES.get(`${route.method} ${route.path}`) ?? `${route.method} ${route.path}`;

for (const [i, route] of ROUTES.entries()) {
  const twice = ROUTES.findIndex((r) => r.method === route.method && r.path === route.path) !== i;
  if (twice) throw new Error(`${route.method} ${route.path} is declared twice`);
}

/** Every path parameter name of the route table (`id`, `variantId`, …): each is an id. */
export const PATH_PARAMS: readonly string[] = [
  ...new Set(ROUTES.flatMap((r) => [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))),
];

interface CompiledRoute {
  route: RouteSpec;
  /** Literal text per segment, or null where the segment is a parameter. */
  literals: readonly (string | null)[];
  paramNames: readonly (string | undefined)[];
}

function compile(route: RouteSpec): CompiledRoute {
  const segments = route.path.split('/').slice(1);
  const params = segments.map((s) => /^\{(\w+)\}$/.exec(s)?.[1]);
  return { route, literals: segments.map((s, i) => (params[i] ? null : s)), paramNames: params };
}

/** Negative when a is more specific: the first segment where they differ decides, literal beating parameter. */
function bySpecificity(a: CompiledRoute, b: CompiledRoute): number {
  const n = Math.min(a.literals.length, b.literals.length);
  for (let i = 0; i < n; i++) {
    const la = a.literals[i] !== null;
    const lb = b.literals[i] !== null;
    if (la !== lb) return la ? -1 : 1;
  }
  return a.literals.length - b.literals.length;
}

// Grouped by segment count (only equal lengths can match) and pre-sorted so the first hit wins.
const compiledByLength = new Map<number, CompiledRoute[]>();
for (const c of ROUTES.map(compile).sort(bySpecificity)) {
  const list = compiledByLength.get(c.literals.length) ?? [];
  list.push(c);
  compiledByLength.set(c.literals.length, list);
}

function extract(c: CompiledRoute, segments: readonly string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    const literal = c.literals[i];
    if (literal !== null) {
      if (segment !== literal) return undefined;
      continue;
    }
    if (segment === '') return undefined;
    try {
      params[c.paramNames[i] as string] = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
  }
  return params;
}

function candidates(path: string): { segments: string[]; routes: readonly CompiledRoute[] } {
  const segments = path.startsWith('/') ? path.split('/').slice(1) : [];
  return { segments, routes: compiledByLength.get(segments.length) ?? [] };
}

/** Resolves a path relative to /api/v1 (no query string) to its most specific route. */
export function matchRoute(
  method: string,
  path: string,
): { route: RouteSpec; params: Record<string, string> } | undefined {
  const wanted = method.toUpperCase();
  const { segments, routes } = candidates(path);
  for (const c of routes) {
    if (c.route.method !== wanted) continue;
    const params = extract(c, segments);
    if (params) return { route: c.route, params };
  }
  return undefined;
}

/** Every route whose template matches the path, whatever its method: non-empty means 405, not 404. */
export function routesForPath(path: string): RouteSpec[] {
  const { segments, routes } = candidates(path);
  return routes.filter((c) => extract(c, segments) !== undefined).map((c) => c.route);
}

export function routesOf(service: ServiceName): RouteSpec[] {
  return ROUTES.filter((r) => r.service === service);
}
