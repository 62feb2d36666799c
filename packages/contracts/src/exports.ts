import { z } from 'zod';
import { idSchema } from './ids';
import { InvoiceListQuerySchema, InvoiceSchema } from './invoices';
import { LandedCostSchema } from './landed-costs';
import { OrderListQuerySchema, OrderSchema } from './orders';
import type { Permission } from './permissions';
import { ProductListQuerySchema, ProductSchema, VariantListQuerySchema, VariantSchema } from './products';
import { PurchaseOrderListQuerySchema, PurchaseOrderSchema } from './purchase-orders';
import { RESERVATION_STATUSES, ReservationSchema } from './reservations';
import type { ServiceName } from './route-spec';
import { MovementQuerySchema, StockMovementSchema, WarehouseStockRowSchema } from './stock';
import { AuditEventSchema } from './audit';

const id = idSchema();
const isoDate = z.iso.datetime({ offset: true });

/** The resources an export can read, each kept by one service. */
export const EXPORT_RESOURCES = [
  'products',
  'variants',
  'stock_levels',
  'stock_movements',
  'purchase_orders',
  'invoices',
  'landed_costs',
  'orders',
  'holds',
  'audit_events',
] as const;
export type ExportResource = (typeof EXPORT_RESOURCES)[number];

export const EXPORT_FORMATS = ['csv', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `expired`: a completed job whose file was removed once its keep time (EXPORT_KEEP_DAYS) ran out. */
export const EXPORT_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/**
 * Why a job with a file answers no download URL: the caller's key lacks the resource's read
 * permission now (the job stays visible to `export.run`), or the file expired and was removed.
 */
export const EXPORT_DOWNLOAD_UNAVAILABLE = ['missing_permission', 'expired'] as const;

/** A list's filters without its paging and order: an export reads everything that matches, in the owner's order. */
const UNORDERED = { sortBy: true, sortOrder: true } as const;

/**
 * One exportable resource: the service that keeps it (and answers its rows), the permission a key
 * needs to read it besides `export.run`, the filters it takes (its list's), and its record (the
 * list's row: `fields` picks among its keys).
 */
export interface ExportSource {
  service: ServiceName;
  permission: Permission;
  filters: z.ZodObject;
  record: z.ZodObject;
}

export const EXPORT_SOURCES = {
  products: {
    service: 'catalog',
    permission: 'products.read',
    filters: ProductListQuerySchema.omit(UNORDERED).strict(),
    record: ProductSchema,
  },
  variants: {
    service: 'catalog',
    permission: 'variants.read',
    filters: VariantListQuerySchema.omit({ startingAfter: true }).strict(),
    record: VariantSchema,
  },
  stock_levels: {
    service: 'inventory',
    permission: 'warehouses.read',
    filters: z.object({ warehouseId: id.optional(), variantId: id.optional() }).strict(),
    record: WarehouseStockRowSchema.extend({ warehouseId: z.string() }),
  },
  stock_movements: {
    service: 'inventory',
    permission: 'warehouses.read',
    filters: MovementQuerySchema.omit({ startingAfter: true, includeTotal: true }).strict(),
    record: StockMovementSchema,
  },
  purchase_orders: {
    service: 'purchasing',
    permission: 'pos.read',
    filters: PurchaseOrderListQuerySchema.omit(UNORDERED).strict(),
    record: PurchaseOrderSchema,
  },
  invoices: {
    service: 'invoicing',
    permission: 'invoices.read',
    filters: InvoiceListQuerySchema.omit(UNORDERED).strict(),
    record: InvoiceSchema,
  },
  landed_costs: {
    service: 'invoicing',
    permission: 'landed_costs.read',
    filters: z.object({ purchaseOrderId: id.optional() }).strict(),
    record: LandedCostSchema,
  },
  orders: {
    service: 'orders',
    permission: 'orders.read',
    filters: OrderListQuerySchema.omit(UNORDERED).strict(),
    record: OrderSchema,
  },
  holds: {
    service: 'orders',
    permission: 'orders.read',
    filters: z
      .object({
        orderId: id.optional(),
        variantId: id.optional(),
        warehouseId: id.optional(),
        status: z.enum(RESERVATION_STATUSES).optional(),
      })
      .strict(),
    record: ReservationSchema,
  },
  audit_events: {
    service: 'webhooks',
    permission: 'audit.read',
    filters: z
      .object({
        resourceType: z.string().max(64).optional(),
        resourceId: id.optional(),
        actorKeyId: id.optional(),
        route: z.string().max(64).optional(),
        status: z.coerce.number().int().min(100).max(599).optional(),
        from: isoDate.optional(),
        to: isoDate.optional(),
      })
      .strict()
      .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
        message: '`from` must not be after `to`',
        path: ['from'],
      }),
    record: AuditEventSchema,
  },
} satisfies Record<ExportResource, ExportSource>;

/**
 * An export's filters are its list's query parameters given as JSON values: `true`, `3` and
 * `["PAID", "DRAFT"]` as well as the strings a query string carries (`"true"`, `"3"`, `"PAID,DRAFT"`).
 * They are handed to the list's own schema as the query string would give them.
 */
export function exportFilterInput(filters: Record<string, unknown>): Record<string, unknown> {
  const asQuery = (value: unknown): unknown => {
    if (typeof value === 'boolean' || typeof value === 'number') return String(value);
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(',');
    return value;
  };
  return Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, asQuery(value)]));
}

/** POST /exports. `fields` picks and orders the record's top-level fields (default: all of them). */
export const CreateExportSchema = z
  .object({
    resource: z.enum(EXPORT_RESOURCES),
    format: z.enum(EXPORT_FORMATS),
    filters: z.record(z.string(), z.unknown()).optional(),
    fields: z.array(z.string().min(1).max(64)).min(1).max(200).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const source = EXPORT_SOURCES[body.resource];
    const filters = source.filters.safeParse(exportFilterInput(body.filters ?? {}));
    if (!filters.success) {
      for (const issue of filters.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['filters', ...issue.path] });
    }
    const known = new Set(Object.keys(source.record.shape));
    (body.fields ?? []).forEach((field, i) => {
      if (!known.has(field))
        ctx.addIssue({ code: 'custom', message: `not a field of ${body.resource}`, path: ['fields', i] });
    });
    if (body.fields && new Set(body.fields).size !== body.fields.length)
      ctx.addIssue({ code: 'custom', message: 'a field is named twice', path: ['fields'] });
  });
export type CreateExport = z.infer<typeof CreateExportSchema>;

/**
 * An export job (`exp_…`). `downloadUrl` is a presigned URL of the file, answered while the job is
 * completed to a key holding the resource's read permission, valid until `downloadExpiresAt` (15
 * minutes after the read that answered it); `downloadUnavailable` says why a completed or expired
 * job answers none. The file is kept until `fileExpiresAt`, then removed (the job `expired`).
 */
export const ExportSchema = z.object({
  id: z.string(),
  resource: z.enum(EXPORT_RESOURCES),
  format: z.enum(EXPORT_FORMATS),
  filters: z.record(z.string(), z.unknown()),
  fields: z.array(z.string()).nullable(),
  status: z.enum(EXPORT_STATUSES),
  rowsWritten: z.number().int().min(0),
  bytesWritten: z.number().int().min(0),
  /** The error code of a failed job (`dependency_unavailable`, …). */
  failureCode: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  downloadExpiresAt: z.string().nullable(),
  downloadUnavailable: z.enum(EXPORT_DOWNLOAD_UNAVAILABLE).nullable(),
  /** A completed job: when its file goes (at the first expiry sweep after it); an expired one: when it went. */
  fileExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Export = z.infer<typeof ExportSchema>;

export const ExportListQuerySchema = z
  .object({
    status: z.enum(EXPORT_STATUSES).optional(),
    resource: z.enum(EXPORT_RESOURCES).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
    startingAfter: id.optional(),
  })
  .strict();
export type ExportListQuery = z.infer<typeof ExportListQuerySchema>;

export const ExportPageSchema = z.object({
  data: z.array(ExportSchema),
  limit: z.number().int(),
  next: z.string().nullable(),
});

/**
 * Rows a service reads for an export, a page at a time (internal: the exports' worker calls it), at
 * `/export-rows/<service>` (one path per service: the internal document lists them side by side); this is
 * the paths' common start.
 */
export const INTERNAL_EXPORT_ROWS_PATH = '/export-rows';
export const EXPORT_ROWS_MAX = 1000;
export const ExportRowsQuerySchema = z.object({
  resource: z.enum(EXPORT_RESOURCES),
  filters: z.record(z.string(), z.unknown()),
  /** The previous page's `next`; absent for the first page. */
  after: z.string().max(400).nullable(),
  limit: z.number().int().min(1).max(EXPORT_ROWS_MAX),
});
export type ExportRowsQuery = z.infer<typeof ExportRowsQuerySchema>;

export const ExportRowsSchema = z.object({
  rows: z.array(z.record(z.string(), z.unknown())),
  /** The next page's `after`; null on the last page. */
  next: z.string().nullable(),
});
export type ExportRows = z.infer<typeof ExportRowsSchema>;
