import type { z } from 'zod';
import { ApiKeySchema } from '../api-keys';
import { ChannelSchema, ListingSchema } from '../channels';
import { ErrorBodySchema } from '../errors';
import { ImportJobSchema } from '../imports';
import { InvoiceLineSchema, InvoiceSchema } from '../invoices';
import { LandedCostSchema } from '../landed-costs';
import { OrderLineSchema, OrderSchema } from '../orders';
import { BrandSchema, CategorySchema, ProductSchema, VariantSchema } from '../products';
import { PurchaseOrderLineSchema, PurchaseOrderSchema, ReceiptSchema } from '../purchase-orders';
import { ReservationSchema } from '../reservations';
import { OrgSettingsSchema } from '../settings';
import { ShipmentSchema } from '../shipments';
import { SourceSchema, SourceSkuSchema } from '../sources';
import { StockItemSchema, StockMovementSchema } from '../stock';
import { BinSchema, WarehouseSchema } from '../warehouses';
import { WebhookDeliverySchema, WebhookEndpointSchema } from '../webhooks';

/**
 * The partner API's named models: `components.schemas`, referred to wherever an answer holds one,
 * so a client generated from the document (openapi-typescript, openapi-generator) has a `Product`,
 * an `Order`, a `Hold`... Answers only: a request body is its own shape (defaults, fields a client
 * may leave out), inlined where it is taken.
 */
export const MODELS = {
  ErrorBody: ErrorBodySchema,
  ApiKey: ApiKeySchema,
  OrgSettings: OrgSettingsSchema,
  Product: ProductSchema,
  Variant: VariantSchema,
  Brand: BrandSchema,
  Category: CategorySchema,
  Channel: ChannelSchema,
  Listing: ListingSchema,
  Source: SourceSchema,
  SourceSku: SourceSkuSchema,
  ImportJob: ImportJobSchema,
  PurchaseOrder: PurchaseOrderSchema,
  PurchaseOrderLine: PurchaseOrderLineSchema,
  Receipt: ReceiptSchema,
  Invoice: InvoiceSchema,
  InvoiceLine: InvoiceLineSchema,
  LandedCost: LandedCostSchema,
  Order: OrderSchema,
  OrderLine: OrderLineSchema,
  Hold: ReservationSchema,
  Shipment: ShipmentSchema,
  Warehouse: WarehouseSchema,
  Bin: BinSchema,
  StockItem: StockItemSchema,
  StockMovement: StockMovementSchema,
  WebhookEndpoint: WebhookEndpointSchema,
  WebhookDelivery: WebhookDeliverySchema,
} satisfies Record<string, z.ZodType>;

const names = new Map<z.ZodType, string>(Object.entries(MODELS).map(([name, schema]) => [schema, name]));

/** The model a schema is, if it is one. */
export const modelNameOf = (schema: z.ZodType): string | undefined => names.get(schema);
