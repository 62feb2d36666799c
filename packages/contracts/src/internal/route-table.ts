import { z } from 'zod';
import {
  BundleLeavesQuerySchema,
  BundleLeavesSchema,
  ChannelBatchQuerySchema,
  ChannelBatchSchema,
  FeedChannelsQuerySchema,
  FeedChannelsSchema,
  FeedStatusReportSchema,
  INTERNAL_CATALOG_PATHS,
  ListedVariantsQuerySchema,
  ListedVariantsSchema,
  OfferBatchQuerySchema,
  OfferBatchSchema,
  SourceBatchQuerySchema,
  SourceBatchSchema,
  VariantBatchQuerySchema,
  VariantBatchSchema,
} from '../catalog-internal';
import {
  INTERNAL_STOCK_READ_PATHS,
  INTERNAL_WAREHOUSE_PATHS,
  LinesOnHandQuerySchema,
  LinesOnHandSchema,
  ReorderLevelsQuerySchema,
  ReorderLevelsSchema,
  StockOnHandQuerySchema,
  StockOnHandSchema,
  WarehouseBatchQuerySchema,
  WarehouseBatchSchema,
} from '../inventory-internal';
import {
  HoldBatchQuerySchema,
  INTERNAL_HOLD_PATHS,
  InternalHoldsSchema,
  LinkHoldsSchema,
  OpenHoldCountsSchema,
  OpenHoldsQuerySchema,
} from '../orders-internal';
import {
  INTERNAL_PURCHASING_PATHS,
  OnOrderQuerySchema,
  OnOrderSchema,
  PurchaseOrderBatchQuerySchema,
  PurchaseOrderBatchSchema,
} from '../purchasing-internal';
import { INTERNAL_RECEIPT_LINES_PATH, ReceiptLinesQuerySchema, ReceiptLinesSchema } from '../purchase-spend';
import { ExportRowsQuerySchema, ExportRowsSchema, INTERNAL_EXPORT_ROWS_PATH } from '../exports';
import type { ServiceName } from '../routes';
import { OrgSettingsSchema } from '../settings';
import {
  DeductStockSchema,
  INTERNAL_STOCK_PATHS,
  ReceiveStockSchema,
  ReleaseStockSchema,
  ReserveStockSchema,
  StockMovesResultSchema,
  StockMovesSchema,
  StockOperationResultSchema,
} from '../stock-internal';

/** Where every internal route is mounted: never routed by the gateway, a signed identity required. */
export const INTERNAL_BASE_PATH = '/internal/v1';

/**
 * One service-to-service route: who answers it, who calls it, what it takes and answers. A GET
 * takes no body (`request` null). The typed clients, the mock peers and the internal OpenAPI
 * document all read these rows.
 */
export interface InternalRoute<Q extends z.ZodType | null = z.ZodType | null, R extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  /** Relative to /internal/v1. */
  path: string;
  service: ServiceName;
  callers: readonly ServiceName[];
  request: Q;
  response: R;
  status: 200 | 201;
  summary: string;
}

const route = <Q extends z.ZodType | null, R extends z.ZodType>(row: InternalRoute<Q, R>) => row;
const read = <Q extends z.ZodType, R extends z.ZodType>(
  service: ServiceName,
  path: string,
  callers: ServiceName[],
  request: Q,
  response: R,
  summary: string,
) => route({ method: 'POST', path, service, callers, request, response, status: 200, summary });
/** Inventory's stock moves answer 201: each call is an operation (a replay answers it again). */
const move = <Q extends z.ZodType>(path: string, callers: ServiceName[], request: Q, summary: string) =>
  route({
    method: 'POST',
    path,
    service: 'inventory',
    callers,
    request,
    response: StockOperationResultSchema,
    status: 201,
    summary,
  });

/** A service's rows of the resources it keeps, for the exports' worker (EXPORT_SOURCES). */
const exportRows = (service: ServiceName) =>
  read(
    service,
    `${INTERNAL_EXPORT_ROWS_PATH}/${service}`,
    ['webhooks'],
    ExportRowsQuerySchema,
    ExportRowsSchema,
    'A page of an export: the rows of a resource it keeps that match the filters, in a stable order',
  );

/** What the catalog answers to a feed poller's report. */
export const FeedStatusRecordedSchema = z.object({ recorded: z.literal(true) });

const C = INTERNAL_CATALOG_PATHS;
const S = INTERNAL_STOCK_PATHS;

/** Every route under /internal/v1, by name (`<service><What>`). */
export const INTERNAL_ROUTES = {
  catalogVariants: read(
    'catalog',
    C.variantsBatch,
    ['inventory', 'invoicing', 'orders', 'purchasing'],
    VariantBatchQuerySchema,
    VariantBatchSchema,
    'Live variants by ids or SKUs, with what peers price, buy, ship and bill by',
  ),
  catalogBundleLeaves: read(
    'catalog',
    C.bundleLeaves,
    ['orders'],
    BundleLeavesQuerySchema,
    BundleLeavesSchema,
    'What one unit of each variant takes of stocked variants (bundles flattened)',
  ),
  catalogChannels: read(
    'catalog',
    C.channelsBatch,
    ['gateway', 'orders'],
    ChannelBatchQuerySchema,
    ChannelBatchSchema,
    'Sales channels by id',
  ),
  catalogFeedChannels: read(
    'catalog',
    C.feedChannels,
    ['orders'],
    FeedChannelsQuerySchema,
    FeedChannelsSchema,
    "Every organization's live HTTP_FEED channels, a page at a time",
  ),
  catalogFeedStatus: read(
    'catalog',
    C.feedStatus,
    ['orders'],
    FeedStatusReportSchema,
    FeedStatusRecordedSchema,
    "The feed poller's report on a channel",
  ),
  catalogListedVariants: read(
    'catalog',
    C.listedVariants,
    ['orders'],
    ListedVariantsQuerySchema,
    ListedVariantsSchema,
    'Which of these variants a sales channel sells',
  ),
  catalogSources: read(
    'catalog',
    C.sourcesBatch,
    ['inventory', 'invoicing', 'orders', 'purchasing'],
    SourceBatchQuerySchema,
    SourceBatchSchema,
    'Source channels (suppliers) by id, trashed ones too',
  ),
  catalogOffers: read(
    'catalog',
    C.offersBatch,
    ['inventory', 'orders', 'purchasing'],
    OfferBatchQuerySchema,
    OfferBatchSchema,
    "The suppliers' offers (source SKUs) of some variants",
  ),
  inventoryStockOnHand: read(
    'inventory',
    INTERNAL_STOCK_READ_PATHS.onHand,
    ['catalog', 'orders'],
    StockOnHandQuerySchema,
    StockOnHandSchema,
    'On hand, reserved and available of many variants over every warehouse',
  ),
  inventoryLinesOnHand: read(
    'inventory',
    INTERNAL_STOCK_READ_PATHS.linesOnHand,
    ['invoicing'],
    LinesOnHandQuerySchema,
    LinesOnHandSchema,
    "Of received purchase-order lines, the units still on hand and sold, as their cost layers split a line's cost",
  ),
  inventoryReorderLevels: read(
    'inventory',
    INTERNAL_STOCK_READ_PATHS.reorderLevels,
    ['catalog', 'purchasing'],
    ReorderLevelsQuerySchema,
    ReorderLevelsSchema,
    'Reorder points per variant and warehouse, a page at a time',
  ),
  inventoryWarehouses: read(
    'inventory',
    INTERNAL_WAREHOUSE_PATHS.batch,
    ['catalog', 'purchasing'],
    WarehouseBatchQuerySchema,
    WarehouseBatchSchema,
    'Live warehouses by id',
  ),
  inventoryReserve: move(S.reserve, ['orders'], ReserveStockSchema, 'Holds stock of a warehouse for an order line'),
  inventoryRelease: move(S.release, ['orders'], ReleaseStockSchema, 'Gives a hold back'),
  inventoryReceive: move(S.receive, ['purchasing'], ReceiveStockSchema, 'Puts received stock into a bin (RECEIPT)'),
  inventoryDeduct: move(S.deduct, ['orders'], DeductStockSchema, 'Takes sold stock out on fulfilment (SALE)'),
  inventoryMoves: route({
    method: 'POST',
    path: S.moves,
    service: 'inventory',
    callers: ['orders'],
    request: StockMovesSchema,
    response: StockMovesResultSchema,
    status: 200,
    summary: "Many holds' reserves, releases and deducts at once, an outcome each",
  }),
  ordersHolds: read(
    'orders',
    INTERNAL_HOLD_PATHS.batch,
    ['purchasing'],
    HoldBatchQuerySchema,
    InternalHoldsSchema,
    'Holds by id, any status',
  ),
  ordersOpenHolds: read(
    'orders',
    INTERNAL_HOLD_PATHS.open,
    ['purchasing'],
    OpenHoldsQuerySchema,
    InternalHoldsSchema,
    'Open holds of some variants, oldest first',
  ),
  ordersOpenHoldCounts: read(
    'orders',
    INTERNAL_HOLD_PATHS.openCounts,
    ['catalog'],
    OpenHoldsQuerySchema,
    OpenHoldCountsSchema,
    'How many open holds each variant has',
  ),
  ordersLinkHolds: read(
    'orders',
    INTERNAL_HOLD_PATHS.link,
    ['purchasing'],
    LinkHoldsSchema,
    InternalHoldsSchema,
    'Links holds to a purchase-order line',
  ),
  purchasingPurchaseOrders: read(
    'purchasing',
    INTERNAL_PURCHASING_PATHS.purchaseOrdersBatch,
    ['invoicing', 'orders'],
    PurchaseOrderBatchQuerySchema,
    PurchaseOrderBatchSchema,
    'Purchase orders by id with their lines, trashed ones too',
  ),
  purchasingOnOrder: read(
    'purchasing',
    INTERNAL_PURCHASING_PATHS.onOrder,
    ['inventory'],
    OnOrderQuerySchema,
    OnOrderSchema,
    'Ordered and not yet received per variant and warehouse, over the open STANDARD orders',
  ),
  purchasingReceiptLines: read(
    'purchasing',
    INTERNAL_RECEIPT_LINES_PATH,
    ['invoicing'],
    ReceiptLinesQuerySchema,
    ReceiptLinesSchema,
    'Receipt lines applied in a period (supplier, variant, quantity, unit cost), a page of orders at a time',
  ),
  catalogExportRows: exportRows('catalog'),
  inventoryExportRows: exportRows('inventory'),
  purchasingExportRows: exportRows('purchasing'),
  invoicingExportRows: exportRows('invoicing'),
  ordersExportRows: exportRows('orders'),
  gatewaySettings: route({
    method: 'GET',
    path: '/settings',
    service: 'gateway',
    callers: ['invoicing', 'webhooks'],
    request: null,
    response: OrgSettingsSchema,
    status: 200,
    summary: "The caller organization's settings",
  }),
} as const;

export type InternalRouteName = keyof typeof INTERNAL_ROUTES;
export const INTERNAL_ROUTE_LIST: readonly InternalRoute[] = Object.values(INTERNAL_ROUTES);

/** The services whose internal routes `service` calls: what it needs real or mocked to run. */
export const peersOf = (service: ServiceName): ServiceName[] => [
  ...new Set(INTERNAL_ROUTE_LIST.filter((r) => r.callers.includes(service)).map((r) => r.service)),
];

/** The internal routes one service answers. */
export const internalRoutesOf = (service: ServiceName): InternalRoute[] =>
  INTERNAL_ROUTE_LIST.filter((r) => r.service === service);
