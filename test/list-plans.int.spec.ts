/**
 * Every list (and count) the services run, as the query plan the store makes of it: printed,
 * and failing when a list would read its whole collection. On the local FerretDB the plan is
 * SQLite's EXPLAIN QUERY PLAN of our build's list reads (infra/ferretdb/README.md, "Lists"):
 * a SEARCH of the index the service declares (of the `_id` index for a list of ids), never a
 * SCAN or a temporary sort; on MongoDB it is the winning plan, never a COLLSCAN. The shapes are
 * copied from the repositories (the catalog's product filters come from its own builders); the
 * indexes are the services' own schemas.
 */
import crypto from 'node:crypto';
import mongoose from 'mongoose';
import { levelPlaces } from '../services/inventory/src/store/level-places';
import { movementModel } from '../services/inventory/src/store/movement.model';
import { stockLevelModel } from '../services/inventory/src/store/stock-level.model';
import { monthClosingModel, valuationDayModels } from '../services/inventory/src/store/valuation-day.model';
import { valuationEntryModel } from '../services/inventory/src/store/valuation-entry.model';
import { soldFilters } from '../services/inventory/src/store/valuation-reads';
import { variantModel } from '../services/inventory/src/store/variant.model';
import { binModel, warehouseModel } from '../services/inventory/src/store/warehouse.model';
import { deliveryModel } from '../services/webhooks/src/store/delivery.model';
import { endpointModel } from '../services/webhooks/src/store/endpoint.model';
import { endpointCascadeModel } from '../services/webhooks/src/store/endpoint-cascade.model';
import { auditEntryModel } from '../services/webhooks/src/store/audit-entry.model';
import { exportJobModel } from '../services/webhooks/src/store/export-job.model';
import { apiKeyModel } from '../services/gateway/src/store/api-key.model';
import { brandModel } from '../services/catalog/src/store/brand.model';
import { categoryModel } from '../services/catalog/src/store/category.model';
import { channelModel } from '../services/catalog/src/store/channel.model';
import { importJobModel } from '../services/catalog/src/store/import-job.model';
import { listingModel } from '../services/catalog/src/store/listing.model';
import { productModel } from '../services/catalog/src/store/product.model';
import { ComponentUses } from '../services/catalog/src/store/component-uses';
import { productFilter, productSort } from '../services/catalog/src/store/product-filter';
import { ProductSearch } from '../services/catalog/src/store/product-search';
import { skuClaimModel } from '../services/catalog/src/store/sku-claim.model';
import { sourceModel } from '../services/catalog/src/store/source.model';
import { sourceSkuModel } from '../services/catalog/src/store/source-sku.model';
import { variantRefModel } from '../services/catalog/src/store/variant-ref.model';
import { VariantList } from '../services/catalog/src/store/variant-list';
import { OPEN_STATUSES } from '../services/catalog/src/domain/import-job';
import { purchaseOrderModel } from '../services/purchasing/src/store/purchase-order.model';
import { purchaseOrderRowModel } from '../services/purchasing/src/store/purchase-order-row.model';
import { purchaseOrderTerms } from '../services/purchasing/src/store/purchase-order-terms';
import {
  purchaseOrderFilter,
  purchaseOrderSort,
  receiptsFilter,
} from '../services/purchasing/src/store/purchase-order-filter';
import { invoiceModel } from '../services/invoicing/src/store/invoice.model';
import { invoiceRowModel } from '../services/invoicing/src/store/invoice-row.model';
import { invoiceFilter, invoiceSort } from '../services/invoicing/src/store/invoice-filter';
import { invoiceTerms } from '../services/invoicing/src/store/invoice-terms';
import { landedCostModel } from '../services/invoicing/src/store/landed-cost.repository';
import { vendorBalanceModel } from '../services/invoicing/src/store/vendor-balances';
import {
  INVOICE_SORTS,
  InvoiceListQuerySchema,
  PRODUCT_SORTS,
  ProductListQuerySchema,
  PURCHASE_ORDER_SORTS,
  PurchaseOrderListQuerySchema,
  ORDER_SORTS,
  OrderListQuerySchema,
} from '@stockyard/contracts';
import { orderRowModel } from '../services/orders/src/store/order-row.model';
import { orderFilter, orderSort } from '../services/orders/src/store/order-filter';
import { orderTerms } from '../services/orders/src/store/order-terms';
import { OrderStatsBuckets } from '../services/orders/src/store/order-stats.repository';
import { shipmentModel } from '../services/orders/src/store/shipment.model';
import { holdModel } from '../services/orders/src/store/hold.model';
import { fromCursor, keysetAfter } from '../packages/service-kit/internals';
import { trashedOf } from '@stockyard/service-kit/store';
import { infraEnv } from '@stockyard/testkit';

interface Shape {
  /** Where it runs. */
  name: string;
  model: (conn: mongoose.Connection) => mongoose.Model<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  filter: Record<string, unknown>;
  sort?: Record<string, 1 | -1>;
  skip?: number;
  limit?: number;
  /** countDocuments' pipeline rather than a find. */
  count?: true;
  /** The index gives no order here (a few rows per organization, sorted in memory). */
  unsorted?: string;
  /** On MongoDB the index orders by the first sort key but not by `_id` after it: a SORT stage. */
  mongoSorts?: string;
  /**
   * A top-level condition on an array field (a multikey index on MongoDB). Our FerretDB build reads
   * a field's arrays apart from its index ranges (infra/ferretdb/README.md, "Lists"), so here it reads
   * every document of the range whose field holds an array, or checks the condition on each row of
   * another index's range: allowed on FerretDB for the shapes so marked, and nowhere else.
   */
  arrayRows?: string;
  /** The index holds the whole filter exactly (FerretDB's `exact=true`): a deep page reads about a page. */
  exact?: true;
}

const now = new Date();
const newestFirst = { createdAt: -1, _id: -1 } as const;
const oldestFirst = { createdAt: 1, _id: 1 } as const;
const page = { skip: 0, limit: 50 };
const afterCursor = keysetAfter({ at: now, id: 'mov_x' }, -1);
/** GET /variants' order: products by creation, then each row's key (product, position, variant). */
const byProduct = { at: 1, _id: 1 } as const;
const variantListRows = (c: mongoose.Connection) => new VariantList(c, productModel(c)).model;
const variantSearchRows = (c: mongoose.Connection) => new VariantList(c, productModel(c)).search.model;
const fewPerOrg = 'a few rows per organization; the index (its service’s) lacks _id';
const products = (query: Record<string, string>, ids?: string[]) =>
  productFilter('o', ProductListQuerySchema.parse(query), ids);
/** The catalog's earliest date: `deletedAt` at or after it is every trashed product. */
const earliest = new Date(-8_640_000_000_000_000);
const queryString = (query: Record<string, string>) =>
  Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : '';
const queries = (...list: Record<string, string>[]) => list;
const sortOf = (query: Record<string, string>) => productSort(ProductListQuerySchema.parse(query));
/** Product ids from the search index (at most 1,000), a channel's listings, the component-use index (1,000 a read). */
const candidates = ['prd_a', 'prd_b', 'prd_c'];
const fewIds = 'a list of ids (at most 1,000) read by _id, sorted in memory';
/** The exact condition of where-used and "is a component of", checked on the component-use index's candidates. */
const usingVariants = (variantIds: string[]) => ({
  orgId: 'o',
  deletedAt: null,
  componentVariantIds: { $in: variantIds },
});

/**
 * An export's pages (issue #41; the kit's exportPage): the list's filter, oldest first by
 * `(createdAt, _id)` (order rows by `orderedAt`), and the page after a cursor with the cursor's
 * condition beside the filter's (the kit's fromCursor), on the list's own indexes walked forward.
 */
function exportShapes(): Shape[] {
  const both = (name: string, shape: Omit<Shape, 'name'>, field = 'createdAt'): Shape[] => [
    { name: `export rows: ${name}, first page`, ...shape, limit: 1001 },
    {
      name: `export rows: ${name}, the page after a cursor`,
      ...shape,
      filter: fromCursor(shape.filter, { at: now, id: 'x_1' }, field),
      limit: 1001,
    },
  ];
  const orderedFirst = { orderedAt: 1, _id: 1 } as const;
  return [
    ...both('products', { model: productModel, filter: products({}), sort: oldestFirst }),
    ...both('variants', { model: variantListRows, filter: { orgId: 'o' }, sort: byProduct }, 'at'),
    ...both('stock levels', { model: stockLevelModel, filter: { orgId: 'o' }, sort: oldestFirst }),
    ...both('stock movements', { model: movementModel, filter: { orgId: 'o' }, sort: oldestFirst }),
    ...both('stock movements?type', { model: movementModel, filter: { orgId: 'o', type: 'SALE' }, sort: oldestFirst }),
    ...both('purchase orders', {
      model: purchaseOrderRowModel,
      filter: purchaseOrderFilter('o', PurchaseOrderListQuerySchema.parse({})),
      sort: oldestFirst,
    }),
    ...both('invoices', {
      model: invoiceRowModel,
      filter: invoiceFilter('o', InvoiceListQuerySchema.parse({})),
      sort: oldestFirst,
    }),
    ...both('landed costs', { model: landedCostModel, filter: { orgId: 'o', deletedAt: null }, sort: oldestFirst }),
    ...both(
      'orders',
      { model: orderRowModel, filter: orderFilter('o', OrderListQuerySchema.parse({})), sort: orderedFirst },
      'orderedAt',
    ),
    ...both('holds', { model: holdModel, filter: { orgId: 'o' }, sort: oldestFirst }),
  ];
}

/**
 * The audit trail (webhooks, store/audit-entries.repository.ts; issue #41): every list filter has an
 * index ending on `sequence`, held exactly, so a page at a million entries reads about a page; `from`
 * and `to` are one lookup each in `(orgId, recordedAt, sequence)`.
 */
function auditShapes(): Shape[] {
  const newestSequence = { sequence: -1 } as const;
  const list = (name: string, filter: Record<string, unknown>): Shape => ({
    name: `GET /audit-events${name}`,
    model: auditEntryModel,
    filter: { orgId: 'o', ...filter },
    sort: newestSequence,
    limit: 21,
    exact: true,
  });
  return [
    list('', {}),
    list(' (a page below a cursor, within a time range)', { sequence: { $gte: 3, $lte: 50 } }),
    list('?resourceType', { resourceType: 'w', sequence: { $lte: 50 } }),
    list('?resourceId', { resourceId: 'a' }),
    list('?actorKeyId', { actorKeyId: 'k', sequence: { $gte: 3, $lte: 50 } }),
    list('?route', { route: 'r' }),
    list('?status', { status: 200 }),
    {
      name: 'GET /audit-events?from: the first sequence since',
      model: auditEntryModel,
      filter: { orgId: 'o', recordedAt: { $gte: now } },
      sort: { recordedAt: 1, sequence: 1 },
      limit: 1,
      exact: true,
    },
    {
      name: 'GET /audit-events?to, the retention sweep’s cutoff: the last sequence until',
      model: auditEntryModel,
      filter: { orgId: 'o', recordedAt: { $lte: now } },
      sort: { recordedAt: -1, sequence: -1 },
      limit: 1,
      exact: true,
    },
    {
      name: 'audit appender: the chain’s tail',
      model: auditEntryModel,
      filter: { orgId: 'o' },
      sort: { sequence: -1 },
      limit: 1,
    },
    {
      name: 'audit retention sweep: the next organization with entries',
      model: auditEntryModel,
      filter: { orgId: { $gt: 'o' } },
      sort: { orgId: 1, sequence: -1 },
      limit: 1,
    },
    {
      name: 'audit retention sweep: the oldest entry kept',
      model: auditEntryModel,
      filter: { orgId: 'o' },
      sort: { sequence: 1 },
      limit: 1,
    },
    {
      name: 'audit retention sweep: a batch of the oldest entries below the anchor',
      model: auditEntryModel,
      filter: { orgId: 'o', sequence: { $lt: 50 } },
      sort: { sequence: 1 },
      limit: 1000,
    },
    {
      name: 'GET /audit-events/verify: a page of the range, in chain order',
      model: auditEntryModel,
      filter: { orgId: 'o', sequence: { $gte: 1, $lte: 5000 } },
      sort: { sequence: 1 },
      limit: 1000,
      exact: true,
    },
  ];
}

/**
 * Export jobs (webhooks, store/export-job.repository.ts; issue #41): GET /exports' pages by each
 * filter, after a cursor too; the workers' claims (one range each, no `$or`); the expiry sweep.
 */
function exportJobShapes(): Shape[] {
  const after = keysetAfter({ at: now, id: 'exp_x' }, -1);
  const list = (name: string, filter: Record<string, unknown>): Shape => ({
    name: `GET /exports${name}`,
    model: exportJobModel,
    filter: { orgId: 'o', ...filter },
    sort: newestFirst,
    limit: 21,
  });
  const job = (name: string, filter: Record<string, unknown>, sort: Record<string, 1 | -1>, limit: number): Shape => ({
    name: `exports ${name}`,
    model: exportJobModel,
    filter,
    sort,
    limit,
  });
  return [
    list('', {}),
    list('?startingAfter', after),
    list('?status', { status: 'completed' }),
    list('?resource', { resource: 'invoices' }),
    list('?resource&status&startingAfter', { resource: 'invoices', status: 'failed', ...after }),
    job('worker: queued jobs to claim', { status: 'queued', leaseUntil: null }, { createdAt: 1 }, 8),
    job('worker: running jobs no worker holds', { status: 'running', leaseUntil: null }, { createdAt: 1 }, 8),
    job(
      'worker: running jobs whose lease ran out',
      { status: 'running', leaseUntil: { $lte: now } },
      { leaseUntil: 1, createdAt: 1 },
      8,
    ),
    job(
      'expiry sweep: completed jobs past the keep time',
      { status: 'completed', finishedAt: { $lte: now } },
      { finishedAt: 1 },
      100,
    ),
  ];
}

/**
 * GET /reports/cogs (issue #42): a period's entries that charge cost of goods sold, one read per kind
 * (`{orgId, kind, at}`) or of one sales channel (`{orgId, channelId, at}`), each an index range.
 */
function cogsShapes(): Shape[] {
  const from = new Date(now.getTime() - 30 * 86_400_000);
  const read = (name: string, filter: Record<string, unknown>): Shape => ({
    name: `GET /reports/cogs: ${name}`,
    model: valuationEntryModel,
    filter,
  });
  return [
    ...soldFilters('o', { $gte: from, $lte: now }).map((f) =>
      read(`the period's ${'kind' in f ? f.kind : ''} rows`, f),
    ),
    ...soldFilters('o', { $gte: from, $lte: now }, 'ch_1').map((f) => read('?channelId, its sales in the period', f)),
  ];
}

/** GET /stock/variant/{variantId}/as-of (issue #42): one variant's entries up to the date, an index range. */
function variantAsOfShape(): Shape {
  return {
    name: 'GET /stock/variant/{variantId}/as-of: its entries up to the date',
    model: valuationEntryModel,
    filter: { orgId: 'o', variantId: 'v', at: { $lte: now } },
    exact: true,
  };
}

/**
 * The valuation's closed days and month closings (issue #42, store/valuation-days.ts): the last closing
 * on or before a day, its parts, the closed days after it, and the sales' first closed day.
 */
function closedDayShapes(): Shape[] {
  const [day, before] = ['2026-03-15', '2026-02-28'];
  return (['stock', 'sales'] as const).flatMap((kind): Shape[] => [
    {
      name: `the valuation's ${kind} closing on or before a day`,
      model: (c) => monthClosingModel(c, kind),
      filter: { orgId: 'o', day: { $lte: day } },
      sort: { day: -1 },
      limit: 1,
    },
    { name: `the parts of a ${kind} closing`, model: (c) => monthClosingModel(c, kind), filter: { orgId: 'o', day } },
    {
      name: `the closed days' ${kind} after a closing`,
      model: (c) => valuationDayModels(c)[kind === 'stock' ? 'days' : 'sales'],
      filter: { orgId: 'o', day: { $gt: before, $lte: day } },
    },
    ...(kind === 'sales'
      ? [
          {
            name: 'COGS by channel or day: the closed days’ channel totals in a period',
            model: (c: mongoose.Connection) => valuationDayModels(c).channels,
            filter: { orgId: 'o', day: { $gte: before, $lte: day } },
          },
          {
            name: 'COGS by channel or day: channel totals of days closed before they were kept apart',
            model: (c: mongoose.Connection) => valuationDayModels(c).sales,
            filter: { orgId: 'o', day: { $gte: before, $lte: day }, channels: { $exists: true } },
          },
          {
            name: 'COGS by product over a long period: the first closed day of the sales',
            model: (c: mongoose.Connection) => valuationDayModels(c).sales,
            filter: { orgId: 'o' },
            sort: { day: 1 } as const,
            limit: 1,
          },
        ]
      : []),
  ]);
}

const SHAPES: Shape[] = [
  { name: 'GET /stock/movements', model: movementModel, filter: { orgId: 'o' }, sort: newestFirst, ...page },
  {
    name: 'GET /stock/movements?offset=10000',
    model: movementModel,
    filter: { orgId: 'o' },
    sort: newestFirst,
    skip: 10_000,
    limit: 50,
  },
  { name: 'GET /stock/movements (total)', model: movementModel, filter: { orgId: 'o' }, count: true },
  {
    name: 'GET /stock/movements?variantId',
    model: movementModel,
    filter: { orgId: 'o', variantId: 'v' },
    sort: newestFirst,
    ...page,
  },
  {
    name: 'GET /stock/movements?variantId (total)',
    model: movementModel,
    filter: { orgId: 'o', variantId: 'v' },
    count: true,
  },
  {
    name: 'GET /stock/movements?warehouseId, GET /warehouses/{id}/stock/movements',
    model: movementModel,
    filter: { orgId: 'o', warehouseId: 'w' },
    sort: newestFirst,
    ...page,
  },
  {
    name: 'GET /stock/movements?type',
    model: movementModel,
    filter: { orgId: 'o', type: 'SALE' },
    sort: newestFirst,
    ...page,
  },
  {
    name: 'GET /warehouses/{id}/stock/movements?type',
    model: movementModel,
    filter: { orgId: 'o', warehouseId: 'w', type: 'SALE' },
    sort: newestFirst,
    ...page,
  },
  {
    name: 'GET /stock/movements?variantId&warehouseId',
    model: movementModel,
    filter: { orgId: 'o', variantId: 'v', warehouseId: 'w' },
    sort: newestFirst,
    ...page,
  },
  {
    name: 'GET /stock/movements?startingAfter (the page after a cursor)',
    model: movementModel,
    filter: { orgId: 'o', ...afterCursor },
    sort: newestFirst,
    skip: 0,
    limit: 51,
  },
  {
    name: 'GET /stock/movements?variantId&startingAfter',
    model: movementModel,
    filter: { orgId: 'o', variantId: 'v', ...afterCursor },
    sort: newestFirst,
    skip: 0,
    limit: 51,
  },
  {
    name: 'GET /warehouses',
    model: warehouseModel,
    filter: { orgId: 'o', deletedAt: null },
    sort: oldestFirst,
    ...page,
    mongoSorts: fewPerOrg,
  },
  {
    name: 'GET /warehouses?includeDeleted=true',
    model: warehouseModel,
    filter: { orgId: 'o' },
    sort: oldestFirst,
    ...page,
    unsorted: 'index (orgId, deletedAt, createdAt): an organization has few warehouses',
  },
  {
    name: 'GET /warehouses/{id}/bins',
    model: binModel,
    filter: { orgId: 'o', warehouseId: 'w' },
    sort: { name: 1, _id: 1 },
    ...page,
    mongoSorts: fewPerOrg,
  },
  {
    name: 'GET /warehouses/{id}/stock, export template, warehouse and bin deletes: the level-place index, one term',
    model: (c) => levelPlaces(c).model,
    filter: { orgId: 'o', term: 'wh:w' },
  },
  {
    name: 'GET /warehouses/{id}/stock, export template, warehouse and bin deletes: the levels, 1,000 ids at a time',
    model: stockLevelModel,
    filter: { _id: { $in: ['o:var_1', 'o:var_2'] } },
  },
  {
    name: 'GET /reports/reorder-suggestions: a page of a warehouse’s pairs, the level-place index in variant order',
    model: (c) => levelPlaces(c).model,
    filter: { orgId: 'o', term: 'wh:w' },
    sort: { ref: 1 },
    ...page,
    exact: true,
  },
  {
    name: 'GET /reports/reorder-suggestions?offset: a deep page of a warehouse’s pairs',
    model: (c) => levelPlaces(c).model,
    filter: { orgId: 'o', term: 'wh:w' },
    sort: { ref: 1 },
    skip: 10_000,
    limit: 50,
    exact: true,
  },
  {
    name: 'GET /reports/reorder-suggestions (total): a warehouse’s pairs counted',
    model: (c) => levelPlaces(c).model,
    filter: { orgId: 'o', term: 'wh:w' },
    count: true,
  },
  {
    name: 'GET /reports/reorder-suggestions: the sales of a page’s variant in the window',
    model: movementModel,
    filter: { orgId: 'o', variantId: 'v', createdAt: { $gte: now, $lte: now }, type: 'SALE' },
  },
  {
    name: 'GET /reports/inventory-aging: the levels written since its snapshot',
    model: stockLevelModel,
    filter: { orgId: 'o', updatedAt: { $gte: now } },
  },
  {
    name: 'the aging refresher: how many levels were written since a snapshot',
    model: stockLevelModel,
    filter: { orgId: 'o', updatedAt: { $gte: now } },
    count: true,
  },
  {
    name: 'an aging snapshot’s build: every level of the organization',
    model: stockLevelModel,
    filter: { orgId: 'o' },
  },
  {
    name: 'GET /reports/stock-valuation, /reports/cogs ?groupBy=product: variants written since the groupings snapshot',
    model: variantModel,
    filter: { orgId: 'o', updatedAt: { $gte: now } },
  },
  {
    name: 'the snapshot refresher: how many variants were written since a groupings snapshot',
    model: variantModel,
    filter: { orgId: 'o', updatedAt: { $gte: now } },
    count: true,
  },
  {
    name: 'a groupings snapshot’s build: every variant copy of the organization',
    model: variantModel,
    filter: { orgId: 'o' },
  },
  {
    name: 'stock changes of a level’s places: its place rows (SearchIndex.replace)',
    model: (c) => levelPlaces(c).model,
    filter: { orgId: 'o', ref: 'var_1' },
  },
  {
    name: 'POST /internal/v1/stock/reorder-levels: levels with a reorder point, first page',
    model: stockLevelModel,
    filter: { orgId: 'o', hasReorderPoint: true },
    sort: { variantId: 1 },
    limit: 500,
  },
  {
    name: 'POST /internal/v1/stock/reorder-levels {after}: levels with a reorder point from a variant',
    model: stockLevelModel,
    filter: { orgId: 'o', hasReorderPoint: true, variantId: { $gt: 'var_1' } },
    sort: { variantId: 1 },
    limit: 500,
  },
  {
    name: 'POST /internal/v1/stock/reorder-levels {variantIds}, /stock/on-hand, /stock/lines-on-hand: levels by id',
    model: stockLevelModel,
    filter: { _id: { $in: ['o:var_1', 'o:var_2'] } },
  },
  {
    name: 'POST /internal/v1/stock/reorder-levels, /warehouses/batch: live warehouses by id',
    model: warehouseModel,
    filter: { _id: { $in: ['wh_1', 'wh_2'] }, orgId: 'o', deletedAt: null },
  },
  {
    name: 'GET /warehouses/{id}/stock (variant names)',
    model: variantModel,
    filter: { orgId: 'o', variantId: { $in: ['v1', 'v2'] } },
  },
  {
    name: 'inventory start: the variant product backfill, a page of copies without a product after the checkpoint',
    model: variantModel,
    filter: { productId: null, _id: { $gt: 'o:var_1' }, deleted: { $ne: true } },
    sort: { _id: 1 },
    limit: 500,
  },
  {
    name: 'GET /webhooks/endpoints/{id}/deliveries',
    model: deliveryModel,
    filter: { orgId: 'o', endpointId: 'e' },
    sort: newestFirst,
    ...page,
    mongoSorts:
      'TO DO in webhooks: (orgId, endpointId, createdAt) lacks _id, so MongoDB sorts an endpoint’s deliveries',
  },
  {
    name: 'DELETE /webhooks/{id} and its cascade: a page of the endpoint’s deliveries',
    model: deliveryModel,
    filter: { orgId: 'o', endpointId: 'e' },
    limit: 1000,
    unsorted: 'any page of them: each pass removes what it read',
  },
  {
    name: 'webhooks cascade sweep: the open cascades, oldest first',
    model: endpointCascadeModel,
    filter: { openedAt: { $lte: now } },
    sort: { openedAt: 1 },
    limit: 20,
  },
  {
    name: 'webhooks worker: due deliveries',
    model: deliveryModel,
    filter: {
      status: 'pending',
      nextAttemptAt: { $lte: now },
      $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }],
    },
    sort: { nextAttemptAt: 1 },
    limit: 100,
  },
  {
    name: 'GET /webhooks/endpoints',
    model: endpointModel,
    filter: { orgId: 'o' },
    sort: newestFirst,
    ...page,
    mongoSorts: fewPerOrg,
  },
  { name: 'webhooks: endpoints of an event', model: endpointModel, filter: { orgId: 'o', enabled: true } },
  {
    name: 'GET /api-keys',
    model: apiKeyModel,
    filter: { orgId: 'o', revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] },
    sort: oldestFirst,
    ...page,
    unsorted: 'index (orgId) only: an organization has few keys',
  },

  // The catalog (services/catalog/src/store). GET /products: the repository's own filter and sort
  // (product-filter.ts) of the query as the route parses it; a page is skip/limit.
  ...PRODUCT_SORTS.flatMap((sortBy) =>
    (['desc', 'asc'] as const).map((sortOrder) => ({
      name: `GET /products?sortBy=${sortBy}&sortOrder=${sortOrder}`,
      model: productModel,
      filter: products({}),
      sort: sortOf({ sortBy, sortOrder }),
      ...page,
    })),
  ),
  {
    name: 'GET /products?offset=10000',
    model: productModel,
    filter: products({}),
    sort: sortOf({}),
    skip: 10_000,
    limit: 50,
  },
  { name: 'GET /products (total)', model: productModel, filter: products({}), count: true },
  ...queries(
    { type: 'BUNDLE' },
    { type: 'BUNDLE', archived: 'true' },
    { archived: 'true' },
    { brandId: 'brd_1' },
    { categoryId: 'cat_1' },
    { matched: 'true' },
    { enriched: 'false' },
    { marginBelow: '20' },
    { marginBelow: '20', marginUnknown: 'true' },
    { marginUnknown: 'true' },
  ).flatMap((query) => {
    const name = `GET /products${queryString(query)}`;
    return [
      { name, model: productModel, filter: products(query), sort: sortOf(query), ...page },
      { name: `${name} (total)`, model: productModel, filter: products(query), count: true as const },
    ];
  }),
  {
    name: 'GET /products?search: the search index, terms starting with the text',
    model: (c) => new ProductSearch(c).model,
    filter: { orgId: 'o', term: { $gte: 'blu', $lt: 'blv' } },
    sort: { term: 1 },
    limit: 4_001,
  },
  {
    name: 'GET /products?search: the candidates',
    model: productModel,
    filter: products({ search: 'blu' }, candidates),
    sort: sortOf({}),
    ...page,
    unsorted: fewIds,
  },
  {
    name: 'GET /products?search (total)',
    model: productModel,
    filter: products({ search: 'blu' }, candidates),
    count: true,
  },
  {
    name: 'GET /products?search&brandId&sortBy=price',
    model: productModel,
    filter: products({ search: 'blu', brandId: 'brd_1' }, candidates),
    sort: sortOf({ sortBy: 'price' }),
    ...page,
    unsorted: fewIds,
  },
  {
    name: 'GET /products?search past 1,000 candidates (a very short prefix): the products themselves',
    model: productModel,
    filter: products({ search: 'b' }),
    sort: sortOf({}),
    ...page,
  },
  {
    name: 'GET /products?search past 1,000 candidates (total)',
    model: productModel,
    filter: products({ search: 'b' }),
    count: true,
  },
  {
    name: 'GET /products?channelId, GET /storefront/products: the channel’s products',
    model: listingModel,
    filter: { orgId: 'o', channelId: 'ch_1' },
  },
  {
    name: 'GET /products?channelId, GET /storefront/products',
    model: productModel,
    filter: products({ channelId: 'ch_1' }, candidates),
    sort: sortOf({}),
    ...page,
    unsorted: fewIds,
  },
  {
    name: 'GET /products?channelId (total)',
    model: productModel,
    filter: products({ channelId: 'ch_1' }, candidates),
    count: true,
  },
  {
    name: 'GET /products/trash',
    model: productModel,
    filter: { orgId: 'o', deletedAt: { $gte: earliest } },
    sort: { deletedAt: -1, _id: -1 },
    ...page,
  },
  {
    name: 'GET /products/trash (total)',
    model: productModel,
    filter: { orgId: 'o', deletedAt: { $gte: earliest } },
    count: true,
  },
  {
    name: 'data-health job (GET /products/data-health when stale): a page of live products after an id',
    model: productModel,
    filter: { orgId: 'o', deletedAt: null, _id: { $gt: 'prd_a' } },
    sort: { _id: 1 },
    limit: 500,
  },
  {
    name: 'data-health job: a page of trashed products after a trashing',
    model: productModel,
    filter: { orgId: 'o', deletedAt: { $gte: now }, $or: [{ deletedAt: { $gt: now } }, { _id: { $gt: 'prd_a' } }] },
    sort: { deletedAt: 1, _id: 1 },
    limit: 500,
  },
  ...[false, true].map((archived) => ({
    name: `GET /products/data-health: a live product changed since the report (archived ${archived})`,
    model: productModel,
    filter: { orgId: 'o', deletedAt: null, archived, updatedAt: { $gt: now } },
    sort: { updatedAt: 1, _id: 1 } as const,
    limit: 1,
  })),
  {
    name: 'GET /products/data-health: a product trashed since the report',
    model: productModel,
    filter: { orgId: 'o', deletedAt: { $gt: now } },
    sort: { deletedAt: 1, _id: 1 },
    limit: 1,
  },
  {
    name: 'DELETE /products/bulk {all: true}: a page of live ids after an id',
    model: productModel,
    filter: { orgId: 'o', deletedAt: null, _id: { $gt: 'prd_a' } },
    sort: { _id: 1 },
    limit: 1000,
  },
  {
    name: 'DELETE /products/bulk {all: true}: how many live ones follow (count)',
    model: productModel,
    filter: { orgId: 'o', deletedAt: null, _id: { $gt: 'prd_a' } },
    count: true,
  },
  {
    name: 'POST /products/bulk-restore {all: true}: a page of trashed ids',
    model: productModel,
    filter: { orgId: 'o', deletedAt: { $gte: earliest } },
    sort: { deletedAt: 1, _id: 1 },
    limit: 1000,
  },
  {
    name: 'POST /products/bulk-restore {after, before, startingAfter}: a page of trashed ids in a range after a cursor',
    model: productModel,
    filter: {
      orgId: 'o',
      deletedAt: { $gte: now, $lte: now },
      $or: [{ deletedAt: { $gt: now } }, { _id: { $gt: 'prd_a' } }],
    },
    sort: { deletedAt: 1, _id: 1 },
    limit: 1000,
  },
  {
    name: 'POST /products/bulk-restore: how many follow, trashed later (count)',
    model: productModel,
    filter: { orgId: 'o', deletedAt: { $gt: now, $lte: now } },
    count: true,
  },
  {
    name: 'POST /products/bulk-restore: how many follow, trashed at the same instant (count)',
    model: productModel,
    filter: { orgId: 'o', deletedAt: now, _id: { $gt: 'prd_a' } },
    count: true,
  },
  {
    name: 'GET /products/{id} (FAMILY), children: a family’s children',
    model: productModel,
    filter: { orgId: 'o', parentId: 'prd_f', deletedAt: null },
    sort: { position: 1, _id: 1 },
  },
  {
    name: 'GET /products/{id}/where-used, is a component of: the component-use index, a query per variant',
    model: (c) => new ComponentUses(c).model,
    filter: { orgId: 'o', term: 'var_1' },
  },
  {
    name: 'GET /products/{id}/where-used: the candidates, 1,000 ids at a time',
    model: productModel,
    filter: { ...usingVariants(['var_1', 'var_2']), _id: { $in: candidates } },
    sort: { name: 1, _id: 1 },
  },
  {
    name: 'DELETE /variants/{id}, convert preflight: is a component of (a count of 1,000 candidates at a time)',
    model: productModel,
    filter: { ...usingVariants(['var_1']), _id: { $in: candidates } },
    count: true,
  },
  {
    name: 'DELETE /brands/{id}: products naming it',
    model: productModel,
    filter: { orgId: 'o', brandId: 'brd_1' },
    count: true,
  },
  {
    name: 'DELETE /categories/{id}: products naming it',
    model: productModel,
    filter: { orgId: 'o', categoryId: 'cat_1' },
    count: true,
  },
  {
    name: 'category.template_changed job (PATCH /categories/{id} template): its products',
    model: productModel,
    filter: { orgId: 'o', categoryId: 'cat_1' },
  },
  ...[{}, { productId: 'prd_1' }].flatMap((by) => {
    const of = 'productId' in by ? '?productId' : '';
    const filter = { orgId: 'o', ...by };
    const after = keysetAfter({ at: now, id: 'prd_1 0000000002 var_1' }, 1, 'at');
    return [
      {
        name: `GET /variants${of}: a page of the variant list`,
        model: variantListRows,
        filter,
        sort: byProduct,
        ...page,
      },
      { name: `GET /variants${of} (total)`, model: variantListRows, filter, count: true as const },
      {
        name: `GET /variants${of}&startingAfter: the page after a cursor`,
        model: variantListRows,
        filter: { ...filter, ...after },
        sort: byProduct,
        limit: 51,
      },
    ];
  }),
  {
    name: 'GET /variants: the products of a page of the variant list',
    model: productModel,
    filter: { orgId: 'o', deletedAt: null, _id: { $in: ['prd_1', 'prd_2'] } },
  },
  {
    name: 'product writes: a product’s rows of the variant list (VariantList.replace)',
    model: variantListRows,
    filter: { orgId: 'o', productId: 'prd_1' },
  },
  ...[false, true].map((shared) => ({
    name: `GET /variants?search: its total, ${shared ? 'shared prefixes' : 'terms'} starting with the key (a count)`,
    model: variantSearchRows,
    filter: { orgId: 'o', shared, term: { $gte: 'blu', $lt: 'blv' } },
    count: true as const,
  })),
  {
    name: 'GET /variants?search: the matching variants’ keys (a narrow search, or cheaper than a walk)',
    model: variantSearchRows,
    filter: { orgId: 'o', shared: false, term: { $gte: 'blu', $lt: 'blv' } },
  },
  {
    name: 'GET /variants?search: a walk of the variant list from a cursor (a broad search)',
    model: variantListRows,
    filter: { orgId: 'o', ...keysetAfter({ at: now, id: 'prd_1 0000000002 var_1' }, 1, 'at') },
    sort: byProduct,
    limit: 500,
  },
  {
    name: 'product writes: the rows of the variant search a write replaces, by id (VariantSearchRows.replace)',
    model: variantSearchRows,
    filter: { orgId: 'o', productId: 'prd_1', _id: { $in: ['o\u0000prd_1 0000000000 var_1\u0000t\u0000blue'] } },
  },
  {
    name: 'product writes: a product’s search terms (SearchIndex.replace)',
    model: (c) => new ProductSearch(c).model,
    filter: { orgId: 'o', ref: 'prd_1' },
  },
  {
    name: 'product writes: a product’s component uses (SearchIndex.replace)',
    model: (c) => new ComponentUses(c).model,
    filter: { orgId: 'o', ref: 'prd_1' },
  },
  {
    name: 'product writes, GET /internal/v1/variants?sku: SKU claims',
    model: skuClaimModel,
    filter: { _id: { $in: ['o:BLU-1', 'o:BLU-2'] } },
  },
  {
    name: 'variant reads and checks: variant refs',
    model: variantRefModel,
    filter: { _id: { $in: ['var_1', 'var_2'] } },
  },
  { name: 'GET /brands', model: brandModel, filter: { orgId: 'o' }, sort: { nameKey: 1 }, ...page },
  { name: 'GET /brands (total)', model: brandModel, filter: { orgId: 'o' }, count: true },
  { name: 'GET /categories', model: categoryModel, filter: { orgId: 'o' }, sort: { nameKey: 1 }, ...page },
  { name: 'GET /categories (total)', model: categoryModel, filter: { orgId: 'o' }, count: true },
  {
    name: 'DELETE /categories/{id}: its children',
    model: categoryModel,
    filter: { orgId: 'o', parentId: 'cat_1' },
    count: true,
  },
  ...queries({}, { platform: 'HTTP_FEED' }).flatMap((query) => [
    {
      name: `GET /channels${queryString(query)}`,
      model: channelModel,
      filter: { orgId: 'o', ...query, deletedAt: null },
      sort: oldestFirst,
      ...page,
    },
    {
      name: `GET /channels${queryString(query)} (total)`,
      model: channelModel,
      filter: { orgId: 'o', ...query, deletedAt: null },
      count: true as const,
    },
    {
      name: `GET /channels${queryString({ ...query, includeDeleted: 'true' })}`,
      model: channelModel,
      filter: { orgId: 'o', ...query },
      sort: oldestFirst,
      ...page,
      unsorted: 'index (orgId, [platform,] deletedAt, createdAt, _id): an organization has few channels',
    },
  ]),
  ...queries({}, { productId: 'prd_1' }, { externalParentId: 'ext_p' }).flatMap((query) => [
    {
      name: `GET /channels/{id}/listings${queryString(query)}`,
      model: listingModel,
      filter: { orgId: 'o', channelId: 'ch_1', ...query },
      sort: oldestFirst,
      ...page,
    },
    {
      name: `GET /channels/{id}/listings${queryString(query)} (total)`,
      model: listingModel,
      filter: { orgId: 'o', channelId: 'ch_1', ...query },
      count: true as const,
    },
  ]),
  {
    name: 'DELETE /channels/{id}: its listings',
    model: listingModel,
    filter: { orgId: 'o', channelId: 'ch_1' },
    count: true,
  },
  {
    name: 'convert preflight: listings of the variants (a count per variant)',
    model: listingModel,
    filter: { orgId: 'o', variantId: 'var_1' },
    count: true,
  },
  {
    name: 'GET /products/family-candidates: listings with a parent',
    model: listingModel,
    filter: { orgId: 'o', externalParentId: { $gte: '' } },
    sort: { externalParentId: 1, channelId: 1 },
  },
  {
    name: 'GET /products/family-candidates: a batch of listings with a parent, after a group',
    model: listingModel,
    filter: {
      orgId: 'o',
      externalParentId: { $gte: 'P1' },
      $or: [{ externalParentId: { $gt: 'P1' } }, { channelId: { $gt: 'ch_1' } }],
    },
    sort: { externalParentId: 1, channelId: 1 },
    limit: 500,
  },
  {
    name: 'GET /products/family-candidates: a group cut by a batch, whole',
    model: listingModel,
    filter: { orgId: 'o', externalParentId: 'P1', channelId: 'ch_1' },
  },
  {
    name: 'GET /products/family-candidates: the products of a batch',
    model: productModel,
    filter: { orgId: 'o', _id: { $in: ['prd_1', 'prd_2'] } },
  },
  {
    name: 'GET /sources',
    model: sourceModel,
    filter: { orgId: 'o', deletedAt: null },
    sort: { name: 1, _id: 1 },
    ...page,
  },
  { name: 'GET /sources (total)', model: sourceModel, filter: { orgId: 'o', deletedAt: null }, count: true },
  {
    name: 'GET /sources?includeDeleted=true',
    model: sourceModel,
    filter: { orgId: 'o' },
    sort: { name: 1, _id: 1 },
    ...page,
    unsorted: 'index (orgId, deletedAt, name, _id): an organization has few sources',
  },
  ...(
    [
      [{}, {}],
      [{ sku: 'A 1' }, { sku: 'A 1' }],
      [{ variantId: 'var_1' }, { variantId: 'var_1' }],
      [{ linked: 'true' }, { variantId: { $ne: null } }],
      [{ linked: 'false' }, { variantId: null }],
    ] as [Record<string, string>, Record<string, unknown>][]
  ).flatMap(([query, condition]) => {
    const name = `GET /sources/{id}/skus${queryString(query)}`;
    const filter = { orgId: 'o', sourceChannelId: 'src_1', ...condition };
    return [
      {
        name,
        model: sourceSkuModel,
        filter,
        sort: { sku: 1 } as const,
        ...page,
        ...('sku' in condition ? { unsorted: 'an exact SKU: one row at most (the sort key is the equality)' } : {}),
      },
      { name: `${name} (total)`, model: sourceSkuModel, filter, count: true as const },
    ];
  }),
  {
    name: 'POST /products/bulk-from-source {all: true}: unlinked SKUs after a SKU',
    model: sourceSkuModel,
    filter: { orgId: 'o', sourceChannelId: 'src_1', variantId: null, sku: { $gt: 'A 1' } },
    sort: { sku: 1 },
    limit: 200,
  },
  {
    name: 'POST /products/bulk-from-source {all: true}: how many follow (count)',
    model: sourceSkuModel,
    filter: { orgId: 'o', sourceChannelId: 'src_1', variantId: null, sku: { $gt: 'A 9' } },
    count: true,
  },
  {
    name: 'source SKU writes: a variant’s preferred offers',
    model: sourceSkuModel,
    filter: { orgId: 'o', variantId: 'var_1', preferred: true },
  },
  {
    name: 'source SKU writes: a variant’s offers (count)',
    model: sourceSkuModel,
    filter: { orgId: 'o', variantId: 'var_1' },
    count: true,
  },
  {
    name: 'POST /internal/v1/offers/batch: a variant’s offers (one read per variant)',
    model: sourceSkuModel,
    filter: { orgId: 'o', variantId: 'var_1' },
  },
  {
    name: 'POST /internal/v1/offers/batch {sourceChannelId}: a variant’s offers of one source',
    model: sourceSkuModel,
    filter: { orgId: 'o', sourceChannelId: 'src_1', variantId: 'var_1' },
  },
  {
    name: 'POST /internal/v1/sources/batch, /offers/batch: sources by id',
    model: sourceModel,
    filter: { _id: { $in: ['src_1', 'src_2'] }, orgId: 'o' },
  },
  {
    name: 'import runner: the source’s stored SKUs (one pass)',
    model: sourceSkuModel,
    filter: { orgId: 'o', sourceChannelId: 'src_1' },
  },
  {
    name: 'GET /sources/{id}/imports',
    model: importJobModel,
    filter: { orgId: 'o', sourceChannelId: 'src_1' },
    sort: newestFirst,
    ...page,
  },
  {
    name: 'GET /sources/{id}/imports (total)',
    model: importJobModel,
    filter: { orgId: 'o', sourceChannelId: 'src_1' },
    count: true,
  },
  ...OPEN_STATUSES.flatMap((status) =>
    [null, { $lte: now }].map((leaseUntil): Shape => ({
      name: `import runner: the sweep’s ${status} jobs, lease ${leaseUntil === null ? 'none' : 'run out'}`,
      model: importJobModel,
      filter: { status, leaseUntil },
      limit: 50,
    })),
  ),
  // Purchasing: the filters and sorts are the repository's own (store/purchase-order-filter.ts).
  ...queries(
    ...PURCHASE_ORDER_SORTS.flatMap((sortBy): Record<string, string>[] => [{ sortBy }, { sortBy, sortOrder: 'asc' }]),
    { status: 'SUBMITTED' },
    { channelId: 'src_1' },
    { hasInvoice: 'true' },
    { hasInvoice: 'false' },
    { channelId: 'src_1', status: 'DRAFT' },
    { status: 'SUBMITTED', sortBy: 'orderNumber' },
    { hasAttachment: 'false' },
    { search: 'acme' },
  ).flatMap((raw): Shape[] => {
    const query = PurchaseOrderListQuerySchema.parse(raw);
    const fallback = raw.search ? ' (too many candidates: the exact check)' : '';
    const name = `GET /purchase-orders${queryString(raw)}${fallback}`;
    const filter = purchaseOrderFilter('o', query);
    return [
      { name, model: purchaseOrderRowModel, filter, sort: purchaseOrderSort(query), ...page },
      { name: `${name} (total)`, model: purchaseOrderRowModel, filter, count: true as const },
    ];
  }),
  ...queries({ search: 'acme' }, { hasAttachment: 'true' }, { attachmentType: 'pdf', status: 'RECEIVED' }).map(
    (raw): Shape => {
      const query = PurchaseOrderListQuerySchema.parse(raw);
      return {
        name: `GET /purchase-orders${queryString(raw)}: the term index's candidates`,
        model: purchaseOrderRowModel,
        filter: purchaseOrderFilter('o', query, ['po_a', 'po_b', 'po_c']),
        sort: purchaseOrderSort(query),
        ...page,
        unsorted: fewIds,
      };
    },
  ),
  {
    name: 'GET /purchase-orders?search: the term index, terms starting with the text',
    model: (c) => purchaseOrderTerms(c).model,
    filter: { orgId: 'o', term: { $gte: 'acm', $lt: 'acn' } },
    sort: { term: 1 },
    limit: 4_001,
  },
  {
    name: 'GET /purchase-orders?hasAttachment=true: the term index, one exact term',
    model: (c) => purchaseOrderTerms(c).model,
    filter: { orgId: 'o', term: '#attachment' },
    limit: 1_001,
  },
  {
    name: 'GET /purchase-orders/trash',
    model: purchaseOrderRowModel,
    filter: trashedOf('o'),
    sort: { deletedAt: -1, _id: -1 },
    ...page,
  },
  {
    name: 'GET /purchase-orders/trash (total)',
    model: purchaseOrderRowModel,
    filter: trashedOf('o'),
    count: true,
  },
  {
    name: 'purchasing receipt sweep: orders with pending receipts',
    model: purchaseOrderModel,
    filter: { pendingReceipts: true },
    limit: 100,
  },
  {
    name: 'POST /internal/v1/purchase-orders/receipt-lines: a page of orders by _id',
    model: purchaseOrderModel,
    filter: receiptsFilter('o', now, 'po_a'),
    sort: { _id: 1 },
    limit: 200,
  },
  {
    name: 'POST /internal/v1/purchase-orders/batch',
    model: purchaseOrderModel,
    filter: { orgId: 'o', _id: { $in: ['po_a', 'po_b'] } },
  },
  // Invoicing: the list rows, by the repository's filters and sorts (store/invoice-filter.ts).
  ...queries(
    ...INVOICE_SORTS.flatMap((sortBy): Record<string, string>[] => [{ sortBy }, { sortBy, sortOrder: 'asc' }]),
    { purchaseOrderId: 'po_1' },
    { channelId: 'src_1' },
    { status: 'OUTSTANDING' },
    { invoiceType: 'CREDIT_MEMO' },
    { status: 'OUTSTANDING,APPROVED' },
    { invoiceType: 'INVOICE,DEBIT_MEMO', status: 'PAID' },
    { search: 'acme' },
  ).flatMap((raw): Shape[] => {
    const query = InvoiceListQuerySchema.parse(raw);
    const fallback = raw.search ? ' (too many candidates: the exact check)' : '';
    const name = `GET /invoices${queryString(raw)}${fallback}`;
    const filter = invoiceFilter('o', query);
    return [
      { name, model: invoiceRowModel, filter, sort: invoiceSort(query), ...page },
      { name: `${name} (total)`, model: invoiceRowModel, filter, count: true as const },
    ];
  }),
  {
    name: "GET /invoices?search: the term index's candidates",
    model: invoiceRowModel,
    filter: invoiceFilter('o', InvoiceListQuerySchema.parse({ search: 'acme' }), ['inv_a', 'inv_b']),
    sort: invoiceSort(InvoiceListQuerySchema.parse({})),
    ...page,
    unsorted: fewIds,
  },
  {
    name: 'GET /invoices?search: the term index, terms starting with the text',
    model: (c) => invoiceTerms(c).model,
    filter: { orgId: 'o', term: { $gte: 'acm', $lt: 'acn' } },
    sort: { term: 1 },
    limit: 1_001,
  },
  {
    name: 'GET /invoices/trash',
    model: invoiceRowModel,
    filter: trashedOf('o'),
    sort: { deletedAt: -1, _id: -1 },
    ...page,
  },
  {
    name: 'GET /invoices/trash (total)',
    model: invoiceRowModel,
    filter: trashedOf('o'),
    count: true,
  },
  {
    name: 'GET /invoices/vendor-statement: a vendor’s invoices dated in a range',
    model: invoiceModel,
    filter: {
      orgId: 'o',
      channelId: 'src_1',
      deletedAt: null,
      invoiceDate: { $gte: '2026-01-01', $lte: '2026-12-31' },
    },
    sort: { invoiceDate: 1, _id: 1 },
    limit: 5_001,
  },
  {
    name: 'invoices of a purchase order (the landed-cost summary, the receipt consumer)',
    model: invoiceModel,
    filter: { orgId: 'o', deletedAt: null, purchaseOrderId: 'po_1' },
    sort: { createdAt: -1, _id: -1 },
  },
  {
    name: 'GET /invoices/stats, /invoices/aging: the vendors’ balances',
    model: vendorBalanceModel,
    filter: { orgId: 'o' },
  },
  {
    name: 'GET /invoices/aging?channelId: one vendor’s balance',
    model: vendorBalanceModel,
    filter: { orgId: 'o', channelId: 'src_1' },
  },
  {
    name: 'GET /purchase-orders/{poId}/landed-costs',
    model: landedCostModel,
    filter: { orgId: 'o', purchaseOrderId: 'po_1', deletedAt: null },
    sort: { createdAt: 1, _id: 1 },
  },
  // Sales orders: their list rows, by the repository's filters and sorts (services/orders/src/store/order-filter.ts).
  ...queries(
    ...ORDER_SORTS.flatMap((sortBy): Record<string, string>[] => [{ sortBy }, { sortBy, sortOrder: 'asc' }]),
    { channelId: 'ch_1' },
    { status: 'PROCESSING' },
    { channelId: 'ch_1', status: 'SHIPPED' },
    { blockedOnBuild: 'true' },
    { blockedOnBuild: 'false' },
    { fulfillmentStatus: 'FULFILLED' },
    { startDate: '2026-01-01', endDate: '2026-02-01' },
    { channelId: 'ch_1', startDate: '2026-01-01' },
    { status: 'PENDING', sortBy: 'updatedAt' },
    { search: 'ada' },
  ).flatMap((raw): Shape[] => {
    const query = OrderListQuerySchema.parse(raw);
    const fallback = raw.search ? ' (too many candidates: the exact check)' : '';
    const name = `GET /orders${queryString(raw)}${fallback}`;
    const filter = orderFilter('o', query);
    return [
      { name, model: orderRowModel, filter, sort: orderSort(query), ...page },
      { name: `${name} (total)`, model: orderRowModel, filter, count: true as const },
    ];
  }),
  {
    name: "GET /orders?search=ada: the term index's candidates",
    model: orderRowModel,
    filter: orderFilter('o', OrderListQuerySchema.parse({ search: 'ada' }), ['ord_a', 'ord_b']),
    sort: orderSort(OrderListQuerySchema.parse({})),
    ...page,
    unsorted: fewIds,
  },
  {
    name: 'GET /orders?search: the term index, terms starting with the text',
    model: (c) => orderTerms(c).model,
    filter: { orgId: 'o', term: { $gte: 'ada', $lt: 'adb' } },
    sort: { term: 1 },
    limit: 4_001,
  },
  {
    name: "orders' availability consumer: open orders of an assembly, one exact term",
    model: (c) => orderTerms(c).model,
    filter: { orgId: 'o', term: '#asm:var_1' },
  },
  {
    name: 'GET /orders/trash',
    model: orderRowModel,
    filter: trashedOf('o'),
    sort: { deletedAt: -1, _id: -1 },
    ...page,
  },
  {
    name: 'GET /orders/trash (total)',
    model: orderRowModel,
    filter: trashedOf('o'),
    count: true,
  },
  {
    name: 'DELETE /orders/by-status?channelId&status: the first batch, newest ordered first',
    model: orderRowModel,
    filter: orderFilter('o', { channelId: 'ch_1', status: 'CANCELLED' }),
    sort: { orderedAt: -1, _id: -1 },
    skip: 0,
    limit: 500,
  },
  {
    name: 'GET /orders/stats: the organization’s buckets (channels × statuses)',
    model: (c) => new OrderStatsBuckets(c).model,
    filter: { orgId: 'o' },
    unsorted: 'a few dozen rows per organization',
  },
  {
    name: 'GET /orders/stats?channelId',
    model: (c) => new OrderStatsBuckets(c).model,
    filter: { orgId: 'o', channelId: 'ch_1' },
    unsorted: 'at most one row per status',
  },
  { name: 'GET /shipments', model: shipmentModel, filter: { orgId: 'o' }, sort: { shippedAt: -1, _id: -1 }, ...page },
  { name: 'GET /shipments (total)', model: shipmentModel, filter: { orgId: 'o' }, count: true },
  {
    name: 'GET /shipments?orderId',
    model: shipmentModel,
    filter: { orgId: 'o', orderId: 'ord_1' },
    sort: { shippedAt: -1, _id: -1 },
    ...page,
  },
  {
    name: 'GET /shipments?startDate&endDate',
    model: shipmentModel,
    filter: { orgId: 'o', shippedAt: { $gte: now, $lte: now } },
    sort: { shippedAt: -1, _id: -1 },
    ...page,
  },
  {
    name: "POST /internal/v1/channels/feeds: every organization's feed channels, by id",
    model: channelModel,
    filter: { platform: 'HTTP_FEED', deletedAt: null, _id: { $gt: 'ch_a' } },
    sort: { _id: 1 },
    limit: 200,
  },
  {
    name: "POST /internal/v1/channels/listed-variants: a product's listings on a channel",
    model: listingModel,
    filter: { orgId: 'o', channelId: 'ch_1', productId: 'prd_1' },
    unsorted: 'a few listings per product and channel',
  },
  ...exportShapes(),
  ...auditShapes(),
  ...exportJobShapes(),
  ...cogsShapes(),
  ...closedDayShapes(),
  variantAsOfShape(),
];

const unique = `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
let conn: mongoose.Connection;

beforeAll(async () => {
  conn = await mongoose
    .createConnection(infraEnv().mongoUrl, { dbName: `list_plans_${unique}`, autoIndex: false })
    .asPromise();
});

afterAll(async () => {
  await conn?.dropDatabase();
  await conn?.close();
});

/** Whether the filter's `_id` condition is a list of ids (`{$in: [...]}`). */
function isIdList(filter: Record<string, unknown>): boolean {
  const id = filter._id as Record<string, unknown> | undefined;
  return typeof id === 'object' && id !== null && Object.keys(id).length === 1 && Array.isArray(id.$in);
}

/** The filter's top-level fields that the model's schema declares as arrays. */
function arrayFieldsOf(model: mongoose.Model<unknown>, filter: Record<string, unknown>): string[] {
  return Object.keys(filter).filter((key) => !key.startsWith('$') && model.schema.path(key)?.instance === 'Array');
}

/** The explain command of a shape: a find, or countDocuments' pipeline. */
function explainCommand(collection: string, shape: Shape) {
  if (shape.count) {
    const pipeline = [{ $match: shape.filter }, { $group: { _id: 1, n: { $sum: 1 } } }];
    return { explain: { aggregate: collection, pipeline, cursor: {} } };
  }
  // Only the options a shape has (an undefined one would be sent as null); FerretDB wants longs.
  const find: Record<string, unknown> = { find: collection, filter: shape.filter };
  if (shape.sort) find.sort = shape.sort;
  if (shape.skip !== undefined) find.skip = mongoose.mongo.Long.fromNumber(shape.skip);
  if (shape.limit !== undefined) find.limit = mongoose.mongo.Long.fromNumber(shape.limit);
  return { explain: find };
}

describe('every list the services run is served by an index', () => {
  it.each(SHAPES.map((s) => [s.name, s] as const))('%s', async (_, shape) => {
    const model = shape.model(conn);
    await model.createIndexes();
    const collection = model.collection;
    await collection.insertOne({ _id: `doc_${crypto.randomBytes(4).toString('hex')}`, orgId: 'o' } as never);
    // The first query builds the index's list form on FerretDB (once per index).
    if (shape.count) await collection.countDocuments(shape.filter);
    else await collection.find(shape.filter, { sort: shape.sort, skip: shape.skip, limit: shape.limit }).toArray();

    const plan = (await conn.db!.command(explainCommand(collection.collectionName, shape))) as {
      serverInfo?: { ferretdbVersion?: string };
      queryPlanner?: { Plan?: string[] };
    };
    if (plan.serverInfo?.ferretdbVersion !== undefined) {
      const lines = plan.queryPlanner?.Plan ?? [];
      process.stdout.write(`\n${shape.name} (${collection.collectionName}):\n  ${lines.join('\n  ')}\n`);
      const byIds = isIdList(shape.filter);
      if (byIds) {
        // `_id: {$in: [...]}`: the rows of those ids, one lookup each in the `_id` index.
        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) expect(line).toMatch(/detail=SEARCH \S+ USING INDEX \S+__id_ /);
      } else {
        expect(lines[0]).toMatch(/^stockyard list index /);
      }
      for (const line of lines.slice(byIds ? 0 : 1)) {
        expect(line).not.toMatch(/\bSCAN\b/);
        expect(line).not.toMatch(/TEMP B-TREE/);
      }
      if (shape.sort && shape.limit && !shape.unsorted) expect(lines[0]).toMatch(/sorted=true/);
      if (shape.exact) expect(lines[0]).toMatch(/exact=true/);
      const arrayConditions = byIds ? [] : arrayFieldsOf(model, shape.filter);
      expect({ readsArrayRows: arrayConditions.length > 0, arrayConditions }).toEqual({
        readsArrayRows: shape.arrayRows !== undefined,
        arrayConditions,
      });
    } else {
      const text = JSON.stringify(plan);
      process.stdout.write(`\n${shape.name} (${collection.collectionName}): ${text.slice(0, 2000)}\n`);
      expect(text).not.toMatch(/COLLSCAN/);
      if (shape.sort && shape.limit && !shape.unsorted && !shape.mongoSorts) {
        expect(text).not.toMatch(/"stage":"SORT"/);
      }
    }
  });
});
