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
import { declareRoutes } from './bound-route';
import { catalogCodes, COMPONENT_CODES, FEED_URL_CODES } from './catalog.errors';

const { spec, added, storefront } = declareRoutes('catalog');

/** A list's filters and its paging, read from one query string. */
const paged = <T extends z.ZodObject>(filters: T) =>
  z.intersection(filters, PageQuerySchema).transform(({ limit, offset, ...filter }) => ({
    filter: filter as z.output<T>,
    page: { limit, offset },
  }));

const products = {
  // Products
  listProducts: spec('GET', '/products', 'products.read', 200, {
    query: paged(ProductListQuerySchema),
    response: listOf(ProductSchema),
  }),
  createProduct: spec('POST', '/products', 'products.write', 201, {
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
  listTrashedProducts: spec('GET', '/products/trash', 'products.read', 200, {
    query: PageQuerySchema,
    response: listOf(ProductSchema),
  }),
  getDataHealth: spec('GET', '/products/data-health', 'products.read', 200, { response: DataHealthSchema }),
  listFamilyCandidates: spec('GET', '/products/family-candidates', 'products.read', 200, {
    query: FamilyCandidateQuerySchema,
    response: z.array(FamilyCandidateSchema),
    headers: ['Link'],
  }),
  bulkCreateFromSource: spec('POST', '/products/bulk-from-source', 'products.write', 201, {
    body: BulkFromSourceSchema,
    response: BulkFromSourceResultSchema,
    errors: [
      ...catalogCodes('source_deleted', 'contention'),
      { code: 'resource_not_found', type: 'not_found', description: '`sourceId` names no source' },
    ],
  }),
  bulkRestoreProducts: spec('POST', '/products/bulk-restore', 'products.write', 200, {
    body: BulkRestoreSchema,
    response: BulkRestoreResultSchema,
    errors: catalogCodes('contention'),
  }),
  // Status not shown in the spec; 200 because the response reports what was trashed.
  bulkDeleteProducts: spec('DELETE', '/products/bulk', 'products.write', 200, {
    body: BulkDeleteSchema,
    response: BulkDeleteResultSchema,
    errors: catalogCodes('confirmation_required', 'contention'),
  }),
  createVariantParent: spec('POST', '/products/variant-parent', 'products.write', 201, {
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
  getProduct: spec('GET', '/products/{id}', 'products.read', 200, { response: ProductSchema }),
  updateProduct: spec('PUT', '/products/{id}', 'products.write', 200, {
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
  trashProduct: spec('DELETE', '/products/{id}', 'products.write', 204, {
    response: null,
    errors: catalogCodes('contention'),
  }),
  restoreProduct: spec('POST', '/products/{id}/restore', 'products.write', 201, {
    response: ProductSchema,
    errors: catalogCodes('product_not_trashed', 'sku_taken', 'contention'),
  }),
  archiveProduct: spec('POST', '/products/{id}/archive', 'products.write', 201, {
    response: ProductSchema,
    errors: catalogCodes('product_trashed', 'contention'),
  }),
  unarchiveProduct: spec('POST', '/products/{id}/unarchive', 'products.write', 201, {
    response: ProductSchema,
    errors: catalogCodes('product_trashed', 'contention'),
  }),
  duplicateProduct: spec('POST', '/products/{id}/duplicate', 'products.write', 201, {
    body: DuplicateProductSchema,
    response: ProductSchema,
    errors: catalogCodes('family_not_duplicable', 'product_trashed', 'sku_taken', 'contention'),
  }),
  linkChildren: spec('POST', '/products/{id}/children', 'products.write', 201, {
    body: LinkChildrenSchema,
    response: ProductSchema,
    errors: catalogCodes('product_trashed', 'not_a_family', 'child_in_other_family', 'child_not_simple', 'contention'),
  }),
  unlinkChild: spec('DELETE', '/products/{id}/children/{childId}', 'products.write', 200, {
    response: ProductSchema,
    errors: catalogCodes('product_trashed', 'not_a_family', 'contention'),
  }),
  orderChildren: spec('PUT', '/products/{id}/children/order', 'products.write', 200, {
    body: ChildrenOrderSchema,
    response: ProductSchema,
    errors: catalogCodes('product_trashed', 'not_a_family', 'contention'),
  }),
  listWhereUsed: spec('GET', '/products/{id}/where-used', 'products.read', 200, {
    query: PageQuerySchema,
    response: listOf(WhereUsedSchema),
  }),
  getTemplateStatus: spec('GET', '/products/{id}/template-status', 'products.read', 200, {
    response: TemplateStatusSchema,
  }),
  preflightConversion: spec('GET', '/products/{id}/convert/preflight', 'products.read', 200, {
    query: PreflightQuerySchema,
    response: PreflightSchema,
    errors: catalogCodes('dependency_unavailable'),
  }),
  convertProduct: spec('POST', '/products/{id}/convert', 'products.write', 201, {
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
  listVariants: added('GET', '/variants', 'variants.read', 200, {
    query: paged(VariantListQuerySchema),
    /** `next`: the following page's `startingAfter` (null on the last page). */
    response: listOf(VariantSchema).extend({ next: z.string().nullable() }),
    headers: ['Link'],
  }),
  getVariant: added('GET', '/variants/{id}', 'variants.read', 200, { response: VariantSchema }),
  createVariant: added('POST', '/products/{id}/variants', 'variants.write', 201, {
    body: CreateVariantSchema,
    response: VariantSchema,
    errors: catalogCodes('product_trashed', 'family_has_no_variants', 'sku_taken', 'duplicate_sku', 'contention'),
  }),
  updateVariant: added('PATCH', '/variants/{id}', 'variants.write', 200, {
    body: UpdateVariantSchema,
    response: VariantSchema,
    errors: catalogCodes('product_trashed', 'sku_taken', 'duplicate_sku', 'contention'),
  }),
  deleteVariant: added('DELETE', '/variants/{id}', 'variants.write', 204, {
    response: null,
    errors: catalogCodes('product_trashed', 'last_variant', 'variant_in_use', 'contention'),
  }),
};

const taxonomy = {
  // Brands and categories (issue #17): a product's brandId and categoryId name them.
  listBrands: added('GET', '/brands', 'products.read', 200, { query: PageQuerySchema, response: listOf(BrandSchema) }),
  createBrand: added('POST', '/brands', 'products.write', 201, {
    body: CreateBrandSchema,
    response: BrandSchema,
    errors: catalogCodes('brand_name_taken'),
  }),
  getBrand: added('GET', '/brands/{id}', 'products.read', 200, { response: BrandSchema }),
  renameBrand: added('PATCH', '/brands/{id}', 'products.write', 200, {
    body: UpdateBrandSchema,
    response: BrandSchema,
    errors: catalogCodes('brand_name_taken'),
  }),
  deleteBrand: added('DELETE', '/brands/{id}', 'products.write', 204, {
    response: null,
    errors: catalogCodes('brand_in_use'),
  }),
  listCategories: added('GET', '/categories', 'products.read', 200, {
    query: PageQuerySchema,
    response: listOf(CategorySchema),
  }),
  createCategory: added('POST', '/categories', 'products.write', 201, {
    body: CreateCategorySchema,
    response: CategorySchema,
    errors: catalogCodes('category_name_taken', 'category_not_found'),
  }),
  getCategory: added('GET', '/categories/{id}', 'products.read', 200, { response: CategorySchema }),
  updateCategory: added('PATCH', '/categories/{id}', 'products.write', 200, {
    body: UpdateCategorySchema,
    response: CategorySchema,
    errors: catalogCodes('category_name_taken', 'category_not_found', 'category_cycle'),
  }),
  deleteCategory: added('DELETE', '/categories/{id}', 'products.write', 204, {
    response: null,
    errors: catalogCodes('category_in_use'),
  }),
};

const channels = {
  listChannels: added('GET', '/channels', 'channels.read', 200, {
    query: paged(ChannelListQuerySchema),
    response: listOf(ChannelSchema),
  }),
  createChannel: added('POST', '/channels', 'channels.write', 201, {
    body: CreateChannelSchema,
    response: ChannelWithSecretSchema,
    errors: catalogCodes(...FEED_URL_CODES, 'feed_not_allowed', 'unknown_warehouse', 'dependency_unavailable'),
  }),
  getChannel: added('GET', '/channels/{id}', 'channels.read', 200, { response: ChannelSchema }),
  /** With `rotateFeedSecret`, the new secret once. */
  updateChannel: added('PATCH', '/channels/{id}', 'channels.write', 200, {
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
  deleteChannel: added('DELETE', '/channels/{id}', 'channels.write', 204, {
    response: null,
    errors: catalogCodes('channel_has_listings'),
  }),
  // Listings: which products a sales channel sells; the upsert answers counts, hence 200
  listListings: added('GET', '/channels/{id}/listings', 'channels.read', 200, {
    query: paged(ListingListQuerySchema),
    response: listOf(ListingSchema),
  }),
  upsertListings: added('POST', '/channels/{id}/listings', 'channels.write', 200, {
    body: UpsertListingsSchema,
    response: UpsertListingsResultSchema,
    errors: catalogCodes('channel_deleted', 'listing_target_not_found'),
  }),
  deleteListing: added('DELETE', '/channels/{id}/listings/{listingId}', 'channels.write', 204, { response: null }),
};

const sources = {
  listSources: added('GET', '/sources', 'sources.read', 200, {
    query: paged(SourceListQuerySchema),
    response: listOf(SourceSchema),
  }),
  createSource: added('POST', '/sources', 'sources.write', 201, { body: CreateSourceSchema, response: SourceSchema }),
  getSource: added('GET', '/sources/{id}', 'sources.read', 200, { response: SourceSchema }),
  updateSource: added('PATCH', '/sources/{id}', 'sources.write', 200, {
    body: UpdateSourceSchema,
    response: SourceSchema,
    errors: catalogCodes('source_deleted'),
  }),
  deleteSource: added('DELETE', '/sources/{id}', 'sources.write', 204, { response: null }),
  // Source SKUs (the supplier's offers; the upsert answers counts, hence 200) and feed imports (jobs: 202)
  listSourceSkus: added('GET', '/sources/{id}/skus', 'sources.read', 200, {
    query: paged(SourceSkuListQuerySchema),
    response: listOf(SourceSkuSchema),
  }),
  upsertSourceSkus: added('POST', '/sources/{id}/skus', 'sources.write', 200, {
    body: UpsertSourceSkusSchema,
    response: UpsertSourceSkusResultSchema,
    errors: catalogCodes('source_deleted', 'variant_not_found', 'preferred_requires_variant'),
  }),
  updateSourceSku: added('PATCH', '/sources/{id}/skus/{skuId}', 'sources.write', 200, {
    body: UpdateSourceSkuSchema,
    response: SourceSkuSchema,
    errors: catalogCodes('source_deleted', 'variant_not_found', 'preferred_requires_variant'),
  }),
  deleteSourceSku: added('DELETE', '/sources/{id}/skus/{skuId}', 'sources.write', 204, { response: null }),
  /** A supplier feed: a CSV body (`text/csv`, streamed by the service, never parsed) or a JSON `{url}` to fetch. */
  startImport: added(
    'POST',
    '/sources/{id}/imports',
    'sources.write',
    202,
    {
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
    },
    { maxBodyBytes: 64 * 1024 * 1024 },
  ),
  listImports: added('GET', '/sources/{id}/imports', 'sources.read', 200, {
    query: PageQuerySchema,
    response: listOf(ImportJobSchema),
  }),
  getImport: added('GET', '/sources/imports/{jobId}', 'sources.read', 200, { response: ImportJobSchema }),
};

/** A storefront key's reads: the products listed on its channel (storefront surface; paging as every list). */
const storefrontReads = {
  listStorefrontProducts: storefront('GET', '/storefront/products', 'products.read', 200, {
    query: PageQuerySchema,
    response: listOf(StorefrontProductSchema),
  }),
  getStorefrontProduct: storefront('GET', '/storefront/products/{id}', 'products.read', 200, {
    response: StorefrontProductSchema,
  }),
};

/** The catalog's routes with their wire shapes. */
export const CATALOG_API = { ...products, ...variants, ...taxonomy, ...channels, ...sources, ...storefrontReads };
