import { callRoute, EXPORT_SOURCES, INTERNAL_ROUTES, type ExportResource, type ExportRows } from '@stockyard/contracts';
import { peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';

/** The services that keep exportable rows other than the trail (EXPORT_SOURCES). */
type Owner = Exclude<(typeof EXPORT_SOURCES)[ExportResource]['service'], 'webhooks'>;

const ROWS_ROUTES = {
  catalog: INTERNAL_ROUTES.catalogExportRows,
  inventory: INTERNAL_ROUTES.inventoryExportRows,
  purchasing: INTERNAL_ROUTES.purchasingExportRows,
  invoicing: INTERNAL_ROUTES.invoicingExportRows,
  orders: INTERNAL_ROUTES.ordersExportRows,
} as const satisfies Record<Owner, unknown>;

/** A page of a resource another service keeps: its `POST /internal/v1/export-rows`. */
export type OwnerRows = (
  orgId: string,
  page: { resource: ExportResource; filters: Record<string, unknown>; after: string | null; limit: number },
) => Promise<ExportRows>;

/**
 * Reads pages from the owners, signed as this service for the job's organization (the peer sees
 * the `exports` job as the actor). An owner that is away throws the contracts' PeerUnavailableError,
 * one that refuses PeerRefusedError: the worker tells them apart (retry, or fail the job).
 */
export function ownerRows(config: Config): OwnerRows {
  const urls: Record<Owner, string> = {
    catalog: config.CATALOG_URL,
    inventory: config.INVENTORY_URL,
    purchasing: config.PURCHASING_URL,
    invoicing: config.INVOICING_URL,
    orders: config.ORDERS_URL,
  };
  return (orgId, page) => {
    const owner = EXPORT_SOURCES[page.resource].service as Owner;
    const peer = { ...peerOptions('webhooks', config, urls[owner]), peer: owner };
    return callRoute(peer, orgId, ROWS_ROUTES[owner], page);
  };
}
