import { z } from 'zod';
import { nonNegativeMoney, nonNegativeQuantity, positiveQuantity } from './amounts';
import { freeFormKey, freeFormObject } from './free-form';
import { idSchema } from './ids';

/**
 * The catalog's products side: products of four types, their variants, bundle rows and
 * BOMs, brands and categories. Wire names are the partner docs' (issue #17).
 */
export const PRODUCT_TYPES = ['SIMPLE', 'FAMILY', 'BUNDLE', 'ASSEMBLY'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The core product attributes a category template may require (custom-field keys come beside them). */
export const TEMPLATE_CORE_FIELDS = [
  'description',
  'images',
  'brandId',
  'upc',
  'gtin',
  'mpn',
  'price',
  'cost',
  'weight',
  'dimensions',
] as const;
export type TemplateCoreField = (typeof TEMPLATE_CORE_FIELDS)[number];

const id = idSchema();
const name = z.string().trim().min(1).max(255);
export const skuSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\s]+$/, 'must not contain spaces');
const code = z.string().trim().min(1).max(64);
const money = () => nonNegativeMoney().nullable().optional();
const bool = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

export const ImageSchema = z.object({ url: z.string().url().max(2048), position: z.number().int().min(0).optional() });
export const DimensionsSchema = z
  .object({
    length: nonNegativeQuantity(),
    width: nonNegativeQuantity(),
    height: nonNegativeQuantity(),
    unit: z.enum(['mm', 'cm', 'm', 'in', 'ft']).default('cm'),
  })
  .strict();
/** A bundle row or a BOM row: a variant and how many of it one unit takes. */
export const ComponentSchema = z.object({ variantId: id, quantity: positiveQuantity() }).strict();
export type ComponentInput = z.infer<typeof ComponentSchema>;

const productFields = {
  name,
  sku: skuSchema.nullable().optional(),
  description: z.string().max(20_000).nullable().optional(),
  brandId: id.nullable().optional(),
  categoryId: id.nullable().optional(),
  price: money(),
  cost: money(),
  weight: nonNegativeQuantity().nullable().optional(),
  dimensions: DimensionsSchema.nullable().optional(),
  upc: code.nullable().optional(),
  gtin: code.nullable().optional(),
  mpn: code.nullable().optional(),
  customFields: freeFormObject().optional(),
  images: z.array(ImageSchema.strict()).max(50).optional(),
  /** BUNDLE: the bundle rows; ASSEMBLY: the active BOM (a new version when it differs). */
  components: z.array(ComponentSchema).max(200).optional(),
};

export const CreateProductSchema = z
  .object({ type: z.enum(PRODUCT_TYPES).default('SIMPLE'), ...productFields })
  .strict();
export type CreateProduct = z.infer<typeof CreateProductSchema>;

/** PUT /products/{id}: the fields given replace the stored ones (null clears); the type changes only by convert. */
export const UpdateProductSchema = z
  .object({ ...productFields, name: name.optional() })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'at least one field is required');
export type UpdateProduct = z.infer<typeof UpdateProductSchema>;

const variantFields = {
  sku: skuSchema.nullable().optional(),
  name: z.string().trim().max(255).nullable().optional(),
  options: z.record(freeFormKey(50), z.string().trim().max(100)).optional(),
  price: money(),
  cost: money(),
  weight: nonNegativeQuantity().nullable().optional(),
  barcodes: z.array(code).max(20).optional(),
  position: z.number().int().min(0).optional(),
};
export const CreateVariantSchema = z.object(variantFields).strict();
export type CreateVariant = z.infer<typeof CreateVariantSchema>;
export const UpdateVariantSchema = z
  .object(variantFields)
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'at least one field is required');
export type UpdateVariant = z.infer<typeof UpdateVariantSchema>;

export const PRODUCT_SORTS = ['name', 'sku', 'createdAt', 'updatedAt', 'price', 'margin'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** GET /products filters; paging comes from PageQuerySchema. */
export const ProductListQuerySchema = z.object({
  brandId: id.optional(),
  categoryId: id.optional(),
  channelId: id.optional(),
  search: z.string().trim().min(1).max(200).optional(),
  matched: bool,
  enriched: bool,
  archived: bool,
  type: z.enum(PRODUCT_TYPES).optional(),
  /** Percent: margin = (price − cost) / price below this. */
  marginBelow: z.coerce.number().finite().min(-1_000_000).max(100).optional(),
  marginUnknown: bool,
  sortBy: z.enum(PRODUCT_SORTS).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type ProductListQuery = z.output<typeof ProductListQuerySchema>;

/**
 * GET /variants filters (paging from PageQuerySchema). `startingAfter` is a page's `next` cursor
 * and asks for the page after it (not with an offset), which costs the same however deep.
 */
export const VariantListQuerySchema = z.object({
  productId: id.optional(),
  sku: z.string().trim().min(1).max(100).optional(),
  search: z.string().trim().min(1).max(200).optional(),
  startingAfter: z
    .string()
    .max(400)
    .regex(/^[A-Za-z0-9_-]+$/, 'a page’s `next` cursor')
    .optional(),
});
export type VariantListQuery = z.output<typeof VariantListQuerySchema>;

export const DuplicateProductSchema = z.object({ sku: skuSchema.optional(), name: name.optional() }).strict();
/** A list of product ids where each names one product once: the same id twice is refused (400, the list's field). */
const distinctIds = (max: number) =>
  z
    .array(id)
    .min(1)
    .max(max)
    .superRefine((ids, ctx) => {
      const twice = ids.find((value, index) => ids.indexOf(value) !== index);
      if (twice !== undefined) ctx.addIssue({ code: 'custom', message: `${twice} is listed twice` });
    });
export const VariantParentSchema = z.object({ name, sku: skuSchema.optional(), childIds: distinctIds(100) }).strict();
export const LinkChildrenSchema = z.object({ childIds: distinctIds(100) }).strict();
export const ChildrenOrderSchema = z.object({ orderedChildIds: distinctIds(500) }).strict();

/** The conversions the spec supports; anything else is `unsupported_conversion`. */
export const CONVERSIONS: Readonly<Record<ProductType, readonly ProductType[]>> = {
  SIMPLE: ['FAMILY', 'BUNDLE', 'ASSEMBLY'],
  BUNDLE: ['ASSEMBLY'],
  FAMILY: [],
  ASSEMBLY: [],
};
export const PreflightQuerySchema = z.object({ targetType: z.enum(PRODUCT_TYPES) });
export const ConvertProductSchema = z
  .object({
    targetType: z.enum(PRODUCT_TYPES),
    acknowledgeWarnings: z.boolean().optional(),
    /** SIMPLE → BUNDLE / ASSEMBLY: the bundle rows or the first BOM (optional; may come later by PUT). */
    components: z.array(ComponentSchema).max(200).optional(),
  })
  .strict();
export type ConvertProduct = z.infer<typeof ConvertProductSchema>;
export const PreflightIssueSchema = z.object({ code: z.string(), message: z.string() });
export type PreflightIssue = z.infer<typeof PreflightIssueSchema>;
export const PreflightSchema = z.object({
  blockers: z.array(PreflightIssueSchema),
  warnings: z.array(PreflightIssueSchema),
});
export type Preflight = z.infer<typeof PreflightSchema>;

export const DELETE_ALL_PRODUCTS = 'DELETE_ALL_PRODUCTS';
const isoDate = z.coerce.date();
/**
 * `all` and a range take one page of products per call (the catalog's `BULK_PAGE_PRODUCTS`,
 * 1,000 by default); the answer's `next`, given back as `startingAfter`, goes on after it.
 */
const bulkCursor = z.string().min(1).max(300);
export const BulkRestoreSchema = z.union([
  z.object({ ids: z.array(id).min(1).max(1000) }).strict(),
  z.object({ all: z.literal(true), startingAfter: bulkCursor.optional() }).strict(),
  z.object({ after: isoDate, before: isoDate, startingAfter: bulkCursor.optional() }).strict(),
]);
export type BulkRestore = z.infer<typeof BulkRestoreSchema>;
export const BulkDeleteSchema = z.union([
  z.object({ ids: z.array(id).min(1).max(1000), dryRun: z.boolean().optional() }).strict(),
  z
    .object({
      all: z.literal(true),
      confirm: z.string().optional(),
      dryRun: z.boolean().optional(),
      startingAfter: id.optional(),
    })
    .strict(),
]);
export type BulkDelete = z.infer<typeof BulkDeleteSchema>;

// Brands and categories

export const CreateBrandSchema = z.object({ name }).strict();
export const UpdateBrandSchema = z.object({ name }).strict();
export type CreateBrand = z.infer<typeof CreateBrandSchema>;

export const TemplateSchema = z
  .object({
    coreFields: z.array(z.enum(TEMPLATE_CORE_FIELDS)).max(TEMPLATE_CORE_FIELDS.length).default([]),
    customFields: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
  })
  .strict();
export type Template = z.output<typeof TemplateSchema>;
export const CreateCategorySchema = z
  .object({ name, parentId: id.nullable().optional(), template: TemplateSchema.nullable().optional() })
  .strict();
export type CreateCategory = z.infer<typeof CreateCategorySchema>;
export const UpdateCategorySchema = CreateCategorySchema.partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'at least one field is required');
export type UpdateCategory = z.infer<typeof UpdateCategorySchema>;

// Answers (the wire shapes of the catalog's products side)

/**
 * An instant on the wire: an ISO 8601 string. The products side's views hold Dates (JSON
 * makes them such strings), so the answer check takes a Date or the string, and the wire
 * shape (OpenAPI, the output) is the string. The services' states type their timestamps
 * optional (the store sets them on its first write): an answer without one fails the check.
 */
const isoInstant = z.iso.datetime({ offset: true });
export const InstantSchema = z.codec(z.union([z.date(), isoInstant, z.undefined()]), isoInstant, {
  decode: (value, ctx) => {
    if (value instanceof Date) return value.toISOString();
    if (value !== undefined) return value;
    ctx.issues.push({ code: 'custom', message: 'an instant is required', input: value });
    return z.NEVER;
  },
  encode: (value) => value,
});
const text = z.string().nullable();
const amount = z.number().nullable();
const rowSchema = z.object({ variantId: z.string(), quantity: z.number() });

export const VariantSchema = z.object({
  id: z.string(),
  productId: z.string(),
  sku: text,
  name: text,
  options: z.record(z.string(), z.string()),
  price: amount,
  cost: amount,
  weight: amount,
  barcodes: z.array(z.string()),
  position: z.number().int(),
  isDefault: z.boolean(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type Variant = z.output<typeof VariantSchema>;

/** A FAMILY's child as the family shows it. */
export const ProductChildSchema = z.object({ id: z.string(), name: z.string(), sku: text, position: amount });

export const ProductSchema = z.object({
  id: z.string(),
  type: z.enum(PRODUCT_TYPES),
  name: z.string(),
  description: text,
  brandId: text,
  categoryId: text,
  sku: text,
  upc: text,
  gtin: text,
  mpn: text,
  price: amount,
  cost: amount,
  /** Percent, (price − cost) / price; null without both. */
  margin: amount,
  weight: amount,
  dimensions: z.object({ length: z.number(), width: z.number(), height: z.number(), unit: z.string() }).nullable(),
  images: z.array(z.object({ url: z.string(), position: z.number().int() })),
  customFields: z.record(z.string(), z.unknown()),
  archived: z.boolean(),
  matched: z.boolean(),
  enriched: z.boolean(),
  parentId: text,
  position: amount,
  /** Live variants, by position. */
  variants: z.array(VariantSchema),
  /** BUNDLE: its rows. */
  components: z.array(rowSchema).optional(),
  /** ASSEMBLY: the active BOM (null before the first) and the versions before it. */
  bom: z
    .object({ version: z.number().int(), rows: z.array(rowSchema), createdAt: InstantSchema })
    .nullable()
    .optional(),
  bomVersions: z.array(z.object({ version: z.number().int(), createdAt: InstantSchema })).optional(),
  /** FAMILY: its live children, by position. */
  children: z.array(ProductChildSchema).optional(),
  /** GET of a live BUNDLE: how many its components make (null while inventory does not answer). */
  available: amount.optional(),
  deletedAt: InstantSchema.nullable(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type Product = z.output<typeof ProductSchema>;

/** GET /products/{id}/where-used: one row per use of one of the product's variants. */
export const WhereUsedSchema = z.object({
  productId: z.string(),
  type: z.enum(PRODUCT_TYPES),
  name: z.string(),
  sku: text,
  archived: z.boolean(),
  /** ASSEMBLY: the active BOM's version. */
  bomVersion: amount.optional(),
  variantId: z.string(),
  quantity: z.number(),
});

const templateAnswer = z.object({
  coreFields: z.array(z.enum(TEMPLATE_CORE_FIELDS)),
  customFields: z.array(z.string()),
});
export const TemplateStatusSchema = z.object({
  productId: z.string(),
  categoryId: text,
  template: templateAnswer.nullable(),
  /** Core field names and `customFields.<key>`. */
  filled: z.array(z.string()),
  missing: z.array(z.string()),
  complete: z.boolean(),
});

/**
 * GET /products/data-health: a report computed in the background (a job per organization) and
 * kept. `status` CURRENT: no product changed since the report was read; UPDATING: products
 * changed, a new report is being computed and this is the previous one (`generatedAt` says how
 * old); PENDING: the organization's first report is being computed (`generatedAt` and
 * `productCount` null, no problems yet): ask again.
 */
export const DATA_HEALTH_STATUSES = ['CURRENT', 'UPDATING', 'PENDING'] as const;
export const DataHealthSchema = z.object({
  /** When the report's read of the products began (every change before it is counted). */
  generatedAt: isoInstant.nullable(),
  productCount: z.number().int().nullable(),
  /** Every problem, with count 0 when no live product has it; up to 20 sample ids. */
  problems: z.array(z.object({ code: z.string(), count: z.number().int(), sampleIds: z.array(z.string()) })),
  status: z.enum(DATA_HEALTH_STATUSES),
});
export type DataHealth = z.infer<typeof DataHealthSchema>;

const bulkFailure = z.object({ id: z.string(), code: z.string(), message: z.string() });
export const BulkRestoreResultSchema = z.object({
  count: z.number().int(),
  ids: z.array(z.string()),
  failed: z.array(bulkFailure),
  /** `all` or a range: products after this page still to do (0 with `ids`, and on the last page). */
  remaining: z.number().int(),
  /** `all` or a range: the `startingAfter` of the next page, null when nothing remains. */
  next: z.string().nullable(),
});
export const BulkDeleteResultSchema = BulkRestoreResultSchema.extend({ dryRun: z.boolean() });

export const BrandSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export const CATEGORY_ENRICHMENT_STATUSES = ['PENDING', 'DONE'] as const;
/**
 * Where a category's products stand on its template: PENDING while the background job settles
 * their `enriched` on template `templateVersion`, DONE once it has (`productsChanged` of them
 * flipped, at `finishedAt`). Version 0 is the template the category was created with: DONE,
 * both null (no job ran).
 */
export const CategoryEnrichmentSchema = z.object({
  status: z.enum(CATEGORY_ENRICHMENT_STATUSES),
  templateVersion: z.number().int().nonnegative(),
  productsChanged: z.number().int().nonnegative().nullable(),
  finishedAt: InstantSchema.nullable(),
});
export type CategoryEnrichment = z.infer<typeof CategoryEnrichmentSchema>;
export const CategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  parentId: text,
  template: templateAnswer.nullable(),
  enrichment: CategoryEnrichmentSchema,
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
