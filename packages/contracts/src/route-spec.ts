import type { Permission } from './permissions';

export const SERVICES = ['gateway', 'catalog', 'purchasing', 'invoicing', 'orders', 'inventory', 'webhooks'] as const;
export type ServiceName = (typeof SERVICES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSpec {
  method: HttpMethod;
  /** Template relative to /api/v1, e.g. '/purchase-orders/{id}'. */
  path: string;
  service: ServiceName;
  permission: Permission;
  /** Status of a successful response. */
  status: number;
  /** 'spec': listed in the partner spec; 'added': our decision where the spec is silent. */
  origin: 'spec' | 'added';
  /** Which key type may call it: admin keys or channel-bound storefront keys. */
  surface: 'admin' | 'storefront';
  /**
   * The largest request body the gateway passes to this route, where it must be larger than
   * the gateway's BODY_LIMIT_BYTES (1 MiB by default; the larger of the two applies). Unset:
   * BODY_LIMIT_BYTES. A supplier feed upload, streamed by the service, never held whole.
   */
  maxBodyBytes?: number;
}
