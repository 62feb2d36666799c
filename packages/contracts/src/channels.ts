import { z } from 'zod';
import { money, positiveQuantity } from './amounts';
import { freeFormObject } from './free-form';
import { idSchema } from './ids';

/**
 * Sales channels (`ch_…`, outbound: where orders come from) and their listings: which
 * products a channel sells under which external ids (issue #18).
 */
export const CHANNEL_PLATFORMS = ['API', 'STOREFRONT', 'HTTP_FEED'] as const;
export type ChannelPlatform = (typeof CHANNEL_PLATFORMS)[number];

const id = idSchema();
const name = z.string().trim().min(1).max(200);
const externalId = z.string().trim().min(1).max(255);
const url = z.string().trim().min(1).max(2048);
const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

/** An HTTP_FEED channel needs its `feedUrl`; the other platforms have none. */
const feedUrlMatchesPlatform = (b: { platform?: ChannelPlatform; feedUrl?: string | null }) =>
  b.platform === undefined || (b.platform === 'HTTP_FEED') === (b.feedUrl !== undefined && b.feedUrl !== null);

export const CreateChannelSchema = z
  .object({
    name,
    platform: z.enum(CHANNEL_PLATFORMS),
    warehouseId: id.nullable().optional(),
    feedUrl: url.nullable().optional(),
    active: z.boolean().optional(),
  })
  .strict()
  .refine(feedUrlMatchesPlatform, { message: 'feedUrl is required for HTTP_FEED and only for it', path: ['feedUrl'] });
export type CreateChannel = z.infer<typeof CreateChannelSchema>;

/** PATCH /channels/{id}; the platform is fixed. `rotateFeedSecret` answers the new secret once. */
export const UpdateChannelSchema = z
  .object({
    name,
    warehouseId: id.nullable(),
    feedUrl: url,
    active: z.boolean(),
    rotateFeedSecret: z.literal(true),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'at least one field is required');
export type UpdateChannel = z.infer<typeof UpdateChannelSchema>;

/**
 * An HTTP_FEED channel's last polls by the orders service (null before the first): when it last
 * tried and last succeeded, the last error (null after a success), and, while it fails, how many
 * times in a row and when it is tried next (the back-off).
 */
export const FeedSyncSchema = z.object({
  lastSyncAt: z.string().datetime(),
  lastSuccessAt: z.string().datetime().nullable(),
  lastError: z.string().max(1000).nullable(),
  consecutiveFailures: z.number().int().min(0),
  nextAttemptAt: z.string().datetime().nullable(),
});
export type FeedSync = z.infer<typeof FeedSyncSchema>;

export const ChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  platform: z.enum(CHANNEL_PLATFORMS),
  warehouseId: z.string().nullable(),
  feedUrl: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Soft delete: a deleted channel keeps its record (orders name it) and takes no new listings. */
  deletedAt: z.string().nullable(),
  /** HTTP_FEED channels: how the orders service's polls of the feed went (null before the first, and for others). */
  feedSync: FeedSyncSchema.nullable(),
});
export type Channel = z.infer<typeof ChannelSchema>;

/**
 * Create and `rotateFeedSecret` only: the HTTP_FEED channel's secret, shown once (`chfs_…`);
 * other platforms have none, so their answer is the plain channel.
 */
export const ChannelWithSecretSchema = ChannelSchema.extend({ feedSecret: z.string().startsWith('chfs_').optional() });

export const ChannelListQuerySchema = z.object({
  platform: z.enum(CHANNEL_PLATFORMS).optional(),
  includeDeleted: flag,
});

/**
 * What an HTTP_FEED channel's `feedUrl` serves: `GET <feedUrl>?updatedAfter=<ISO>&cursor=<c>`
 * with `Authorization: Bearer <feedSecret>` answers a page of orders, and
 * `GET <feedUrl>/<channelOrderId>` one order (`POST /orders/{id}/sync`). The orders issue reads it.
 */
export const FeedOrderLineSchema = z.object({
  lineId: externalId,
  externalProductId: externalId.nullable().optional(),
  externalVariantId: externalId.nullable().optional(),
  sku: z.string().max(255).nullable().optional(),
  quantity: positiveQuantity(),
  unitPrice: money().nullable().optional(),
});
export const FeedOrderSchema = z.object({
  channelOrderId: externalId,
  status: z.string().min(1).max(50),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
  currency: z.string().length(3).optional(),
  notes: z.string().max(10_000).nullable().optional(),
  shippingAddress: freeFormObject().nullable().optional(),
  lines: z.array(FeedOrderLineSchema).min(1),
});
export const FeedOrderPageSchema = z.object({
  orders: z.array(FeedOrderSchema),
  /** Present when more orders follow: passed back as `cursor`. */
  nextCursor: z.string().nullable().optional(),
});
export type FeedOrder = z.infer<typeof FeedOrderSchema>;

// Listings

export const ListingInputSchema = z
  .object({
    productId: id,
    variantId: id.nullable().optional(),
    externalProductId: externalId,
    externalVariantId: externalId.nullable().optional(),
    /** The channel's parent listing when it groups variants (family candidates read it). */
    externalParentId: externalId.nullable().optional(),
  })
  .strict();
export type ListingInput = z.infer<typeof ListingInputSchema>;

/** POST /channels/{id}/listings: upserts by the channel's external ids (externalProductId + externalVariantId). */
export const UpsertListingsSchema = z.object({ listings: z.array(ListingInputSchema).min(1).max(500) }).strict();
export type UpsertListings = z.infer<typeof UpsertListingsSchema>;

export const ListingSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  productId: z.string(),
  variantId: z.string().nullable(),
  externalProductId: z.string(),
  externalVariantId: z.string().nullable(),
  externalParentId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Listing = z.infer<typeof ListingSchema>;

export const UpsertListingsResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  data: z.array(ListingSchema),
});
export type UpsertListingsResult = z.infer<typeof UpsertListingsResultSchema>;

export const ListingListQuerySchema = z.object({
  productId: id.optional(),
  externalParentId: externalId.optional(),
});

/** One group of GET /products/family-candidates. */
export const FamilyCandidateSchema = z.object({
  channelId: z.string(),
  externalParentId: z.string(),
  productIds: z.array(z.string()),
  suggestedName: z.string(),
});
export type FamilyCandidate = z.infer<typeof FamilyCandidateSchema>;

/**
 * GET /products/family-candidates: a page of groups (`limit`, default 50, at most 200), in order
 * of parent listing id then channel; the answer's `Link: <…?startingAfter=…>; rel="next"` header
 * names the next page's cursor (no header on the last page), which is given back as `startingAfter`.
 */
export const FamilyCandidateQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  startingAfter: z
    .string()
    .max(1200)
    .regex(/^[A-Za-z0-9_-]+$/, 'a page’s `next` cursor')
    .optional(),
});
export type FamilyCandidateQuery = z.output<typeof FamilyCandidateQuerySchema>;
