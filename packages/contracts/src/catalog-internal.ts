import { z } from 'zod';
import { CHANNEL_PLATFORMS, FeedSyncSchema } from './channels';
import { idSchema } from './ids';
import { PRODUCT_TYPES } from './products';
import { SourceSchema, SourceSkuSchema } from './sources';

/**
 * The catalog's internal API under /internal/v1 (never routed by the gateway): what orders
 * (SKU resolution, kit flattening), purchasing (SKU, cost, weight) and invoicing (SKU) read
 * of variants, bundles and BOMs, batched (never one call per row), and the internal events a
 * read model of bundles needs.
 */
export const INTERNAL_CATALOG_PATHS = {
  variantsBatch: '/variants/batch',
  bundleLeaves: '/bundles/leaves',
  channelsBatch: '/channels/batch',
  feedChannels: '/channels/feeds',
  feedStatus: '/channels/feed-status',
  listedVariants: '/channels/listed-variants',
  sourcesBatch: '/sources/batch',
  offersBatch: '/offers/batch',
} as const;

const id = idSchema();
const MAX_BATCH = 500;

/** By variant ids, by SKUs (compared trimmed, in any case), or both; at most 500 in all. */
export const VariantBatchQuerySchema = z
  .object({
    ids: z.array(id).max(MAX_BATCH).optional(),
    skus: z.array(z.string().trim().min(1).max(100)).max(MAX_BATCH).optional(),
  })
  .strict()
  .refine((q) => (q.ids?.length ?? 0) + (q.skus?.length ?? 0) > 0, 'ids or skus is required')
  .refine((q) => (q.ids?.length ?? 0) + (q.skus?.length ?? 0) <= MAX_BATCH, `at most ${MAX_BATCH} ids and skus in all`);
export type VariantBatchQuery = z.infer<typeof VariantBatchQuerySchema>;

export const ComponentRowSchema = z.object({ variantId: z.string(), quantity: z.number() });
export type ComponentRow = z.infer<typeof ComponentRowSchema>;

/** A live variant of a live product, with what other services price, buy, ship and bill by. */
export const InternalVariantSchema = z.object({
  id: z.string(),
  productId: z.string(),
  /** The product's categories (today at most one: its `categoryId`), as `variant.upserted` carries them. */
  categoryIds: z.array(z.string()),
  productType: z.enum(PRODUCT_TYPES),
  productName: z.string(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  options: z.record(z.string(), z.string()),
  price: z.number().nullable(),
  cost: z.number().nullable(),
  weight: z.number().nullable(),
  barcodes: z.array(z.string()),
  isDefault: z.boolean(),
  archived: z.boolean(),
  /** BUNDLE: the bundle's own rows (not flattened; see bundle leaves). */
  components: z.array(ComponentRowSchema).nullable(),
  /** ASSEMBLY: the active BOM's rows and version. */
  bom: z.object({ version: z.number(), rows: z.array(ComponentRowSchema) }).nullable(),
});
export type InternalVariant = z.infer<typeof InternalVariantSchema>;

/** Found variants (each once), and what was asked but is unknown, trashed or deleted. */
export const VariantBatchSchema = z.object({
  data: z.array(InternalVariantSchema),
  missing: z.object({ ids: z.array(z.string()), skus: z.array(z.string()) }),
});
export type VariantBatch = z.infer<typeof VariantBatchSchema>;

export const BundleLeavesQuerySchema = z.object({ variantIds: z.array(id).min(1).max(MAX_BATCH) }).strict();

/**
 * What one unit of each variant takes of stocked variants: a bundle's rows with nested
 * bundles flattened and quantities multiplied (the same leaf summed); any other variant is
 * its own single leaf. Assemblies are leaves: they hold stock.
 */
export const BundleLeavesSchema = z.object({
  data: z.array(
    z.object({
      variantId: z.string(),
      productId: z.string(),
      productType: z.enum(PRODUCT_TYPES),
      leaves: z.array(ComponentRowSchema),
    }),
  ),
  missing: z.array(z.string()),
});
export type BundleLeaves = z.infer<typeof BundleLeavesSchema>;

/** An organization has a handful of channels: a batch of them is small. */
const MAX_CHANNEL_BATCH = 100;

/** Sales channels by id (the gateway checks the channel a storefront key is bound to); at most 100. */
export const ChannelBatchQuerySchema = z.object({ ids: z.array(id).min(1).max(MAX_CHANNEL_BATCH) }).strict();
export type ChannelBatchQuery = z.infer<typeof ChannelBatchQuerySchema>;

/**
 * A sales channel as peers read it: the gateway binds storefront keys to STOREFRONT ones; orders
 * checks an order's channel and pulls an HTTP_FEED one's orders with `feedSecret` as a bearer
 * token. Internal only: the secret is never on a partner route but the create and rotate answers.
 */
export const InternalChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  platform: z.enum(CHANNEL_PLATFORMS),
  active: z.boolean(),
  warehouseId: z.string().nullable(),
  feedUrl: z.string().nullable(),
  feedSecret: z.string().nullable(),
});
export type InternalChannel = z.infer<typeof InternalChannelSchema>;

/** The caller organization's live (not deleted) sales channels among the ids; the rest are `missing`. */
export const ChannelBatchSchema = z.object({ data: z.array(InternalChannelSchema), missing: z.array(z.string()) });
export type ChannelBatch = z.infer<typeof ChannelBatchSchema>;

/**
 * Live HTTP_FEED channels of every organization (the orders service's feed poller), in `_id`
 * order, a page at a time after `startingAfter`; the caller's organization is not a filter.
 */
export const FeedChannelsQuerySchema = z
  .object({ startingAfter: id.optional(), limit: z.number().int().min(1).max(500).default(200) })
  .strict();
export type FeedChannelsQuery = z.input<typeof FeedChannelsQuerySchema>;
export type FeedChannelsRead = z.output<typeof FeedChannelsQuerySchema>;
export const FeedChannelsSchema = z.object({
  data: z.array(InternalChannelSchema.extend({ orgId: z.string() })),
  /** The last id of a full page: pass it as `startingAfter`; null on the last page. */
  next: z.string().nullable(),
});
export type FeedChannels = z.infer<typeof FeedChannelsSchema>;
export type FeedChannel = FeedChannels['data'][number];

/** The feed poller's report on a channel of the caller's organization, kept on the channel (`feedSync`). */
export const FeedStatusReportSchema = FeedSyncSchema.extend({ channelId: id }).strict();
export type FeedStatusReport = z.infer<typeof FeedStatusReportSchema>;

/**
 * Which of these variants a sales channel sells (the storefront's checkout): each named with its
 * product; a listing of the product without a variant lists every variant of it. At most 100.
 */
export const ListedVariantsQuerySchema = z
  .object({
    channelId: id,
    variants: z
      .array(z.object({ variantId: id, productId: id }).strict())
      .min(1)
      .max(MAX_CHANNEL_BATCH),
  })
  .strict();
export type ListedVariantsQuery = z.infer<typeof ListedVariantsQuerySchema>;
export const ListedVariantsSchema = z.object({ variantIds: z.array(z.string()) });

/** Source channels (suppliers) by id: purchasing reads the supplier of a purchase order; at most 100. */
export const SourceBatchQuerySchema = z.object({ ids: z.array(id).min(1).max(MAX_CHANNEL_BATCH) }).strict();
export type SourceBatchQuery = z.infer<typeof SourceBatchQuerySchema>;

/**
 * The caller organization's sources among the ids, trashed ones too (`deletedAt` set: an old
 * purchase order still prints its supplier); an unknown id or another organization's is `missing`.
 */
export const SourceBatchSchema = z.object({ data: z.array(SourceSchema), missing: z.array(z.string()) });
export type SourceBatch = z.infer<typeof SourceBatchSchema>;

/** The offers of some variants, of one source or of every source; at most 500 variants. */
export const OfferBatchQuerySchema = z
  .object({ variantIds: z.array(id).min(1).max(MAX_BATCH), sourceChannelId: id.optional() })
  .strict();
export type OfferBatchQuery = z.infer<typeof OfferBatchQuerySchema>;

/**
 * The source SKUs linked to the asked variants, of live (active, not trashed) sources only,
 * each with its source's name and currency: what purchasing prices a line by (`cost`), prints
 * (`sku`) and picks a supplier by (`preferred`, else the lowest non-null cost).
 */
export const OfferBatchSchema = z.object({
  data: z.array(SourceSkuSchema.extend({ variantId: z.string(), sourceName: z.string(), currency: z.string() })),
});
export type OfferBatch = z.infer<typeof OfferBatchSchema>;
export type Offer = OfferBatch['data'][number];

/**
 * Internal catalog events beside `variant.upserted` / `variant.deleted` (stock-internal.ts).
 * `bundle.components_changed`: a BUNDLE's own rows, or which of its variants are live,
 * changed; `variantIds` is empty once it is trashed or no longer a BUNDLE. Rows are not
 * flattened, so each bundle's event depends on its own document only (read models flatten).
 */
export const CATALOG_INTERNAL_EVENTS = {
  'bundle.components_changed': z.object({
    orgId: id,
    productId: id,
    variantIds: z.array(z.string()),
    components: z.array(ComponentRowSchema),
    updatedAt: z.string().datetime(),
  }),
  /** A category's template moved to `templateVersion`: the catalog's own job settles its products on it. */
  'category.template_changed': z.object({
    orgId: id,
    categoryId: id,
    templateVersion: z.number().int().positive(),
  }),
} as const;
export type BundleComponentsChanged = z.infer<(typeof CATALOG_INTERNAL_EVENTS)['bundle.components_changed']>;

/** The identity a call made for no one organization carries (a read across organizations). */
export const ANY_ORGANIZATION = '*';

/** Deeper than this, nesting is treated as a cycle (the catalog refuses cycles when rows are written). */
export const MAX_BUNDLE_DEPTH = 20;

/** Thrown by `flattenBundleRows` on nesting deeper than MAX_BUNDLE_DEPTH (a cycle). */
export class BundleTooDeepError extends Error {}

/** Quantities have at most 4 decimals: products and sums of them are rounded back to 4. */
const times = (a: number, b: number) => Math.round(a * b * 10_000) / 10_000;
const plus = (a: number, b: number) => Math.round((a + b) * 10_000) / 10_000;

/**
 * The definition of a bundle's leaves, shared by the catalog (its internal API) and the
 * read models that keep bundles (inventory's bundle availability): the rows with nested
 * bundles flattened and quantities multiplied, the same leaf summed. `rowsOf` answers a
 * variant's own bundle rows when it is a bundle's variant, else undefined (a leaf).
 */
export function flattenBundleRows(
  rows: readonly ComponentRow[],
  rowsOf: (variantId: string) => readonly ComponentRow[] | undefined,
  depth = 0,
): ComponentRow[] {
  if (depth > MAX_BUNDLE_DEPTH) throw new BundleTooDeepError('bundle nesting too deep (a cycle?)');
  const leaves = new Map<string, number>();
  for (const row of rows) {
    const nested = rowsOf(row.variantId);
    const parts = nested
      ? flattenBundleRows(nested, rowsOf, depth + 1).map((l) => ({ ...l, quantity: times(l.quantity, row.quantity) }))
      : [row];
    for (const part of parts) leaves.set(part.variantId, plus(leaves.get(part.variantId) ?? 0, part.quantity));
  }
  return [...leaves].map(([variantId, quantity]) => ({ variantId, quantity }));
}
