import {
  EXPORT_SOURCES,
  exportFilterInput,
  INTERNAL_ROUTES,
  type ExportResource,
  type ExportRows,
  type ServiceName,
} from '@stockyard/contracts';
import type { Router } from 'express';
import type { z } from 'zod';
import { AppError } from '../errors';
import { bindInternal } from './bind-internal';
import { parse } from './validate';

/**
 * Reads one page of a resource's rows for an export: those of the organization that match the
 * filters (parsed by the resource's filter schema), after the cursor `after` (null: from the
 * first), at most `limit`, each as the list answers it. The order is the reader's, and stable: a
 * row written meanwhile may be in the file or not, but no row comes twice.
 */
export type ExportReader<R extends ExportResource = ExportResource> = (
  orgId: string,
  filters: z.output<(typeof EXPORT_SOURCES)[R]['filters']>,
  after: string | null,
  limit: number,
) => Promise<ExportRows>;

const ROWS_ROUTES = {
  catalog: INTERNAL_ROUTES.catalogExportRows,
  inventory: INTERNAL_ROUTES.inventoryExportRows,
  purchasing: INTERNAL_ROUTES.purchasingExportRows,
  invoicing: INTERNAL_ROUTES.invoicingExportRows,
  orders: INTERNAL_ROUTES.ordersExportRows,
} as const satisfies Partial<Record<ServiceName, unknown>>;

type RowsService = keyof typeof ROWS_ROUTES;
/** The resources a service keeps (EXPORT_SOURCES), each of which it must read. */
type KeptBy<S extends ServiceName> = {
  [R in ExportResource]: (typeof EXPORT_SOURCES)[R]['service'] extends S ? R : never;
}[ExportResource];

/**
 * Mounts the service's `POST /internal/v1/export-rows/<service>` (the exports' worker pages through it):
 * the resource's filters parsed by its schema in EXPORT_SOURCES (400 naming each field), then
 * the reader of that resource; a resource another service keeps is a 404.
 */
export function bindExportRows<S extends RowsService>(
  router: Router,
  service: S,
  readers: { [R in KeptBy<S>]: ExportReader<R> },
): void {
  const readerOf = readers as Partial<Record<ExportResource, ExportReader<never>>>;
  bindInternal(router, ROWS_ROUTES[service], async ({ orgId, body }) => {
    const reader = EXPORT_SOURCES[body.resource].service === service ? readerOf[body.resource] : undefined;
    if (!reader) throw new AppError('not_found', `${service} keeps no ${body.resource}`, 'resource_not_found');
    return reader(orgId, parseFilters(body.resource, body.filters) as never, body.after, body.limit);
  });
}

/** The filters by the resource's schema; a refusal names each field under `filters`. */
function parseFilters(resource: ExportResource, filters: Record<string, unknown>): unknown {
  try {
    return parse(EXPORT_SOURCES[resource].filters, exportFilterInput(filters), 'body');
  } catch (err) {
    if (err instanceof AppError && err.details)
      throw new AppError(
        err.type,
        err.message,
        err.code,
        err.details.map((d) => ({ ...d, field: `filters.${d.field}` })),
      );
    throw err;
  }
}
