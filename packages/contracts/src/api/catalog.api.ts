import { z } from 'zod';
import {
  ChannelListQuerySchema,
  ChannelSchema,
  ChannelWithSecretSchema,
  CreateChannelSchema,
  FamilyCandidateSchema,
  FamilyCandidateQuerySchema,
  ListingListQuerySchema,
  ListingSchema,
  UpdateChannelSchema,
  UpsertListingsResultSchema,
  UpsertListingsSchema,
} from '../channels';
import { ImportFromUrlSchema, ImportJobSchema } from '../imports';
import { listOf, PageQuerySchema } from '../lists';
import {
  BrandSchema,
  BulkDeleteResultSchema,
  BulkDeleteSchema,
  BulkRestoreResultSchema,
  BulkRestoreSchema,
  CategorySchema,
  ChildrenOrderSchema,
  ConvertProductSchema,
  CreateBrandSchema,
  CreateCategorySchema,
  CreateProductSchema,
  CreateVariantSchema,
  DataHealthSchema,
  DuplicateProductSchema,
  LinkChildrenSchema,
  PreflightQuerySchema,
  PreflightSchema,
  ProductListQuerySchema,
  ProductSchema,
  TemplateStatusSchema,
  UpdateBrandSchema,
  UpdateCategorySchema,
  UpdateProductSchema,
  UpdateVariantSchema,
  VariantListQuerySchema,
  VariantParentSchema,
  VariantSchema,
  WhereUsedSchema,
} from '../products';
import {
  BulkFromSourceResultSchema,
  BulkFromSourceSchema,
  CreateSourceSchema,
  SourceListQuerySchema,
  SourceSchema,
  SourceSkuListQuerySchema,
  SourceSkuSchema,
  UpdateSourceSchema,
  UpdateSourceSkuSchema,
  UpsertSourceSkusResultSchema,
  UpsertSourceSkusSchema,
} from '../sources';
import { StorefrontProductSchema } from '../storefront';
import { apiRoute } from './bound-route';
import { catalogCodes, COMPONENT_CODES, FEED_URL_CODES } from './catalog.errors';

/** A list's filters and its paging, read from one query string. */
const paged = <T extends z.ZodObject>(filters: T) =>
  z.intersection(filters, PageQuerySchema).transform(({ limit, offset, ...filter }) => ({
    filter: filter as z.output<T>,
    page: { limit, offset },
  }));

const products = {
  listProducts: apiRoute('GET', '/products', {
    query: paged(ProductListQuerySchema),
    response: listOf(ProductSchema),
  }),
  createProduct: apiRoute('POST', '/products', {
    body: CreateProductSchema,
    response: ProductSchema,
    errors: catalogCodes(
      'sku_taken',
      'duplicate_sku',
      'brand_not_found',
      'category_not_found',
      ...COMPONENT_CODES,
      'contention',
    ),
  }),
  listTrashedProducts: apiRoute('GET', '/products/trash', { query: PageQuerySchema, response: listOf(ProductSchema) }),
  getDataHealth: apiRoute('GET', '/products/data-health', { response: DataHealthSchema }),
  listFamilyCandidates: apiRoute('GET', '/products/family-candidates', {
    query: FamilyCandidateQuerySchema,
    response: z.array(FamilyCandidateSchema),
    headers: ['Link'],
  }),
  bulkCreateFromSource: apiRoute('POST', '/products/bulk-from-source', {
    body: BulkFromSourceSchema,
    response: BulkFromSourceResultSchema,
    errors: [
      ...catalogCodes('source_deleted', 'contention'),
      { code: 'resource_not_found', type: 'not_found', description: '`sourceId` names no source' },
    ],
  }),
  bulkRestoreProducts: apiRoute('POST', '/products/bulk-restore', {
    body: BulkRestoreSchema,
    response: BulkRestoreResultSchema,
    errors: catalogCodes('contention'),
  }),
  bulkDeleteProducts: apiRoute('DELETE', '/products/bulk', {
    body: BulkDeleteSchema,
    response: BulkDeleteResultSchema,
    errors: catalogCodes('confirmation_required', 'contention'),
  }),
  createVariantParent: apiRoute('POST', '/products/variant-parent', {
    body: VariantParentSchema,
    response: ProductSchema,
    errors: catalogCodes(
      'sku_taken',
      'child_in_other_family',
      'child_not_simple',
      'brand_not_found',
      'category_not_found',
      'contention',
    ),
  }),
  getProduct: apiRoute('GET', '/products/{id}', { response: ProductSchema }),
  updateProduct: apiRoute('PUT', '/products/{id}', {
    body: UpdateProductSchema,
    response: ProductSchema,
    errors: catalogCodes(
      'product_trashed',
      'sku_taken',
      'duplicate_sku',
      'brand_not_found',
      'category_not_found',
      ...COMPONENT_CODES,
      'contention',
    ),
  }),
  trashProduct: apiRoute('DELETE', '/products/{id}', { response: null, errors: catalogCodes('contention') }),
  restoreProduct: apiRoute('POST', '/products/{id}/restore', {
    response: ProductSchema,
    errors: catalogCodes('product_not_trashed', 'sku_taken', 'contention'),
  }),
  archiveProduct: apiRoute('POST', '/products/{id}/archive', {
    response: ProductSchema,
    errors: catalogCodes('product_trashed', 'contention'),
  }),
  unarchiveProduct: apiRoute('POST', '/products/{id}/unarchive', {
    response: ProductSchema,
    errors: catalogCodes('product_trashed', 'contention'),
  }),
  duplicateProduct: apiRoute('POST', '/products/{id}/duplicate', {
    body: DuplicateProductSchema,
    response: ProductSchema,
    errors: catalogCodes('family_not_duplicable', 'product_trashed', 'sku_taken', 'contention'),
  }),
  linkChildren: apiRoute('POST', '/products/{id}/children', {
    body: LinkChildrenSchema,
    response: ProductSchema,
    errors: catalogCodes('product_trashed', 'not_a_family', 'child_in_other_family', 'child_not_simple', 'contention'),
  }),
  unlinkChild: apiRoute('DELETE', '/products/{id}/children/{childId}', {
    response: ProductSchema,
    errors: catalogCodes('product_trashed', 'not_a_family', 'contention'),
  }),
  orderChildren: apiRoute('PUT', '/products/{id}/children/order', {
    body: ChildrenOrderSchema,
    response: ProductSchema,
    errors: catalogCodes('product_trashed', 'not_a_family', 'contention'),
  }),
  listWhereUsed: apiRoute('GET', '/products/{id}/where-used', {
    query: PageQuerySchema,
    response: listOf(WhereUsedSchema),
  }),
  getTemplateStatus: apiRoute('GET', '/products/{id}/template-status', { response: TemplateStatusSchema }),
  preflightConversion: apiRoute('GET', '/products/{id}/convert/preflight', {
    query: PreflightQuerySchema,
    response: PreflightSchema,
    errors: catalogCodes('dependency_unavailable'),
  }),
  convertProduct: apiRoute('POST', '/products/{id}/convert', {
    body: ConvertProductSchema,
    response: ProductSchema,
    errors: catalogCodes(
      'product_trashed',
      'unsupported_conversion',
      'conversion_blocked',
      'warnings_not_acknowledged',
      'dependency_unavailable',
      'contention',
    ),
  }),
};

const variants = {
  listVariants: apiRoute('GET', '/variants', {
    query: paged(VariantListQuerySchema),
    /** `next`: the following page's `startingAfter` (null on the last page). */
    response: listOf(VariantSchema).extend({ next: z.string().nullable() }),
    headers: ['Link'],
  }),
  getVariant: apiRoute('GET', '/variants/{id}', { response: VariantSchema }),
  createVariant: apiRoute('POST', '/products/{id}/variants', {
    body: CreateVariantSchema,
    response: VariantSchema,
    errors: catalogCodes('product_trashed', 'family_has_no_variants', 'sku_taken', 'duplicate_sku', 'contention'),
  }),
  updateVariant: apiRoute('PATCH', '/variants/{id}', {
    body: UpdateVariantSchema,
    response: VariantSchema,
    errors: catalogCodes('product_trashed', 'sku_taken', 'duplicate_sku', 'contention'),
  }),
  deleteVariant: apiRoute('DELETE', '/variants/{id}', {
    response: null,
    errors: catalogCodes('product_trashed', 'last_variant', 'variant_in_use', 'contention'),
  }),
};

const taxonomy = {
  listBrands: apiRoute('GET', '/brands', { query: PageQuerySchema, response: listOf(BrandSchema) }),
  createBrand: apiRoute('POST', '/brands', {
    body: CreateBrandSchema,
    response: BrandSchema,
    errors: catalogCodes('brand_name_taken'),
  }),
  getBrand: apiRoute('GET', '/brands/{id}', { response: BrandSchema }),
  renameBrand: apiRoute('PATCH', '/brands/{id}', {
    body: UpdateBrandSchema,
    response: BrandSchema,
    errors: catalogCodes('brand_name_taken'),
  }),
  deleteBrand: apiRoute('DELETE', '/brands/{id}', { response: null, errors: catalogCodes('brand_in_use') }),
  listCategories: apiRoute('GET', '/categories', { query: PageQuerySchema, response: listOf(CategorySchema) }),
  createCategory: apiRoute('POST', '/categories', {
    body: CreateCategorySchema,
    response: CategorySchema,
    errors: catalogCodes('category_name_taken', 'category_not_found'),
  }),
  getCategory: apiRoute('GET', '/categories/{id}', { response: CategorySchema }),
  updateCategory: apiRoute('PATCH', '/categories/{id}', {
    body: UpdateCategorySchema,
    response: CategorySchema,
    errors: catalogCodes('category_name_taken', 'category_not_found', 'category_cycle'),
  }),
  deleteCategory: apiRoute('DELETE', '/categories/{id}', { response: null, errors: catalogCodes('category_in_use') }),
};

const channels = {
  listChannels: apiRoute('GET', '/channels', { query: paged(ChannelListQuerySchema), response: listOf(ChannelSchema) }),
  createChannel: apiRoute('POST', '/channels', {
    body: CreateChannelSchema,
    response: ChannelWithSecretSchema,
    errors: catalogCodes(...FEED_URL_CODES, 'feed_not_allowed', 'unknown_warehouse', 'dependency_unavailable'),
  }),
  getChannel: apiRoute('GET', '/channels/{id}', { response: ChannelSchema }),
  /** With `rotateFeedSecret`, the new secret once. */
  updateChannel: apiRoute('PATCH', '/channels/{id}', {
    body: UpdateChannelSchema,
    response: ChannelWithSecretSchema,
    errors: catalogCodes(
      'channel_deleted',
      ...FEED_URL_CODES,
      'feed_not_allowed',
      'unknown_warehouse',
      'dependency_unavailable',
    ),
  }),
  deleteChannel: apiRoute('DELETE', '/channels/{id}', { response: null, errors: catalogCodes('channel_has_listings') }),
  listListings: apiRoute('GET', '/channels/{id}/listings', {
    query: paged(ListingListQuerySchema),
    response: listOf(ListingSchema),
  }),
  upsertListings: apiRoute('POST', '/channels/{id}/listings', {
    body: UpsertListingsSchema,
    response: UpsertListingsResultSchema,
    errors: catalogCodes('channel_deleted', 'listing_target_not_found'),
  }),
  deleteListing: apiRoute('DELETE', '/channels/{id}/listings/{listingId}', { response: null }),
};

const sources = {
  listSources: apiRoute('GET', '/sources', { query: paged(SourceListQuerySchema), response: listOf(SourceSchema) }),
  createSource: apiRoute('POST', '/sources', { body: CreateSourceSchema, response: SourceSchema }),
  getSource: apiRoute('GET', '/sources/{id}', { response: SourceSchema }),
  updateSource: apiRoute('PATCH', '/sources/{id}', {
    body: UpdateSourceSchema,
    response: SourceSchema,
    errors: catalogCodes('source_deleted'),
  }),
  deleteSource: apiRoute('DELETE', '/sources/{id}', { response: null }),
  listSourceSkus: apiRoute('GET', '/sources/{id}/skus', {
    query: paged(SourceSkuListQuerySchema),
    response: listOf(SourceSkuSchema),
  }),
  upsertSourceSkus: apiRoute('POST', '/sources/{id}/skus', {
    body: UpsertSourceSkusSchema,
    response: UpsertSourceSkusResultSchema,
    errors: catalogCodes('source_deleted', 'variant_not_found', 'preferred_requires_variant'),
  }),
  updateSourceSku: apiRoute('PATCH', '/sources/{id}/skus/{skuId}', {
    body: UpdateSourceSkuSchema,
    response: SourceSkuSchema,
    errors: catalogCodes('source_deleted', 'variant_not_found', 'preferred_requires_variant'),
  }),
  deleteSourceSku: apiRoute('DELETE', '/sources/{id}/skus/{skuId}', { response: null }),
  /** A supplier feed: a CSV body (`text/csv`, streamed by the service, never parsed) or a JSON `{url}` to fetch. */
  startImport: apiRoute('POST', '/sources/{id}/imports', {
    body: ImportFromUrlSchema,
    streams: 'text/csv',
    response: ImportJobSchema,
    headers: ['Location'],
    errors: catalogCodes(
      'source_deleted',
      'unsupported_content_type',
      'csv_header_missing',
      'import_too_large',
      'upload_interrupted',
      ...FEED_URL_CODES,
    ),
  }),
  listImports: apiRoute('GET', '/sources/{id}/imports', { query: PageQuerySchema, response: listOf(ImportJobSchema) }),
  getImport: apiRoute('GET', '/sources/imports/{jobId}', { response: ImportJobSchema }),
};

/** A storefront key's reads: the products listed on its channel (storefront surface; paging as every list). */
const storefront = {
  listStorefrontProducts: apiRoute('GET', '/storefront/products', {
    query: PageQuerySchema,
    response: listOf(StorefrontProductSchema),
  }),
  getStorefrontProduct: apiRoute('GET', '/storefront/products/{id}', { response: StorefrontProductSchema }),
};

/** The catalog's routes with their wire shapes. */
export const CATALOG_API = { ...products, ...variants, ...taxonomy, ...channels, ...sources, ...storefront };
