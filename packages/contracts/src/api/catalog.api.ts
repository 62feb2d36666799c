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
import { ImportJobSchema } from '../imports';
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
  createProduct: apiRoute('POST', '/products', { body: CreateProductSchema, response: ProductSchema }),
  listTrashedProducts: apiRoute('GET', '/products/trash', { query: PageQuerySchema, response: listOf(ProductSchema) }),
  getDataHealth: apiRoute('GET', '/products/data-health', { response: DataHealthSchema }),
  listFamilyCandidates: apiRoute('GET', '/products/family-candidates', {
    query: FamilyCandidateQuerySchema,
    response: z.array(FamilyCandidateSchema),
  }),
  bulkCreateFromSource: apiRoute('POST', '/products/bulk-from-source', {
    body: BulkFromSourceSchema,
    response: BulkFromSourceResultSchema,
  }),
  bulkRestoreProducts: apiRoute('POST', '/products/bulk-restore', {
    body: BulkRestoreSchema,
    response: BulkRestoreResultSchema,
  }),
  bulkDeleteProducts: apiRoute('DELETE', '/products/bulk', {
    body: BulkDeleteSchema,
    response: BulkDeleteResultSchema,
  }),
  createVariantParent: apiRoute('POST', '/products/variant-parent', {
    body: VariantParentSchema,
    response: ProductSchema,
  }),
  getProduct: apiRoute('GET', '/products/{id}', { response: ProductSchema }),
  updateProduct: apiRoute('PUT', '/products/{id}', { body: UpdateProductSchema, response: ProductSchema }),
  trashProduct: apiRoute('DELETE', '/products/{id}', { response: null }),
  restoreProduct: apiRoute('POST', '/products/{id}/restore', { response: ProductSchema }),
  archiveProduct: apiRoute('POST', '/products/{id}/archive', { response: ProductSchema }),
  unarchiveProduct: apiRoute('POST', '/products/{id}/unarchive', { response: ProductSchema }),
  duplicateProduct: apiRoute('POST', '/products/{id}/duplicate', {
    body: DuplicateProductSchema,
    response: ProductSchema,
  }),
  linkChildren: apiRoute('POST', '/products/{id}/children', { body: LinkChildrenSchema, response: ProductSchema }),
  unlinkChild: apiRoute('DELETE', '/products/{id}/children/{childId}', { response: ProductSchema }),
  orderChildren: apiRoute('PUT', '/products/{id}/children/order', {
    body: ChildrenOrderSchema,
    response: ProductSchema,
  }),
  listWhereUsed: apiRoute('GET', '/products/{id}/where-used', {
    query: PageQuerySchema,
    response: listOf(WhereUsedSchema),
  }),
  getTemplateStatus: apiRoute('GET', '/products/{id}/template-status', { response: TemplateStatusSchema }),
  preflightConversion: apiRoute('GET', '/products/{id}/convert/preflight', {
    query: PreflightQuerySchema,
    response: PreflightSchema,
  }),
  convertProduct: apiRoute('POST', '/products/{id}/convert', { body: ConvertProductSchema, response: ProductSchema }),
};

const variants = {
  listVariants: apiRoute('GET', '/variants', {
    query: paged(VariantListQuerySchema),
    /** `next`: the following page's `startingAfter` (null on the last page). */
    response: listOf(VariantSchema).extend({ next: z.string().nullable() }),
  }),
  getVariant: apiRoute('GET', '/variants/{id}', { response: VariantSchema }),
  createVariant: apiRoute('POST', '/products/{id}/variants', { body: CreateVariantSchema, response: VariantSchema }),
  updateVariant: apiRoute('PATCH', '/variants/{id}', { body: UpdateVariantSchema, response: VariantSchema }),
  deleteVariant: apiRoute('DELETE', '/variants/{id}', { response: null }),
};

const taxonomy = {
  listBrands: apiRoute('GET', '/brands', { query: PageQuerySchema, response: listOf(BrandSchema) }),
  createBrand: apiRoute('POST', '/brands', { body: CreateBrandSchema, response: BrandSchema }),
  getBrand: apiRoute('GET', '/brands/{id}', { response: BrandSchema }),
  renameBrand: apiRoute('PATCH', '/brands/{id}', { body: UpdateBrandSchema, response: BrandSchema }),
  deleteBrand: apiRoute('DELETE', '/brands/{id}', { response: null }),
  listCategories: apiRoute('GET', '/categories', { query: PageQuerySchema, response: listOf(CategorySchema) }),
  createCategory: apiRoute('POST', '/categories', { body: CreateCategorySchema, response: CategorySchema }),
  getCategory: apiRoute('GET', '/categories/{id}', { response: CategorySchema }),
  updateCategory: apiRoute('PATCH', '/categories/{id}', { body: UpdateCategorySchema, response: CategorySchema }),
  deleteCategory: apiRoute('DELETE', '/categories/{id}', { response: null }),
};

const channels = {
  listChannels: apiRoute('GET', '/channels', { query: paged(ChannelListQuerySchema), response: listOf(ChannelSchema) }),
  createChannel: apiRoute('POST', '/channels', { body: CreateChannelSchema, response: ChannelWithSecretSchema }),
  getChannel: apiRoute('GET', '/channels/{id}', { response: ChannelSchema }),
  /** With `rotateFeedSecret`, the new secret once. */
  updateChannel: apiRoute('PATCH', '/channels/{id}', { body: UpdateChannelSchema, response: ChannelWithSecretSchema }),
  deleteChannel: apiRoute('DELETE', '/channels/{id}', { response: null }),
  listListings: apiRoute('GET', '/channels/{id}/listings', {
    query: paged(ListingListQuerySchema),
    response: listOf(ListingSchema),
  }),
  upsertListings: apiRoute('POST', '/channels/{id}/listings', {
    body: UpsertListingsSchema,
    response: UpsertListingsResultSchema,
  }),
  deleteListing: apiRoute('DELETE', '/channels/{id}/listings/{listingId}', { response: null }),
};

const sources = {
  listSources: apiRoute('GET', '/sources', { query: paged(SourceListQuerySchema), response: listOf(SourceSchema) }),
  createSource: apiRoute('POST', '/sources', { body: CreateSourceSchema, response: SourceSchema }),
  getSource: apiRoute('GET', '/sources/{id}', { response: SourceSchema }),
  updateSource: apiRoute('PATCH', '/sources/{id}', { body: UpdateSourceSchema, response: SourceSchema }),
  deleteSource: apiRoute('DELETE', '/sources/{id}', { response: null }),
  listSourceSkus: apiRoute('GET', '/sources/{id}/skus', {
    query: paged(SourceSkuListQuerySchema),
    response: listOf(SourceSkuSchema),
  }),
  upsertSourceSkus: apiRoute('POST', '/sources/{id}/skus', {
    body: UpsertSourceSkusSchema,
    response: UpsertSourceSkusResultSchema,
  }),
  updateSourceSku: apiRoute('PATCH', '/sources/{id}/skus/{skuId}', {
    body: UpdateSourceSkuSchema,
    response: SourceSkuSchema,
  }),
  deleteSourceSku: apiRoute('DELETE', '/sources/{id}/skus/{skuId}', { response: null }),
  /**
   * A supplier feed: a CSV body (`text/csv`, streamed by the service, never parsed as JSON) or
   * JSON `ImportFromUrlSchema`; the handler reads it by its content type, so the row has no body schema.
   */
  startImport: apiRoute('POST', '/sources/{id}/imports', { response: ImportJobSchema }),
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
