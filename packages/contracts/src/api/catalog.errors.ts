import { codePicker, type ErrorCatalog } from './error-codes';

/** The catalog service's business error codes (services/catalog/src/domain/*.errors.ts). */
export const CATALOG_ERRORS = {
  sku_taken: { type: 'conflict', description: 'Another live product or variant of the organization has the SKU' },
  product_trashed: { type: 'conflict', description: 'The product is in the trash; restore it first' },
  product_not_trashed: { type: 'conflict', description: 'Restoring a product that is not trashed' },
  child_in_other_family: { type: 'conflict', description: 'A child another family holds' },
  conversion_blocked: { type: 'conflict', description: 'Blockers refuse the conversion (details list them)' },
  last_variant: { type: 'conflict', description: 'Deleting the only live variant' },
  variant_in_use: { type: 'conflict', description: 'A live bundle or active BOM uses the variant' },
  brand_name_taken: { type: 'conflict', description: 'Another brand of the organization has the name' },
  category_name_taken: { type: 'conflict', description: 'Another category of the organization has the name' },
  brand_in_use: { type: 'conflict', description: 'A product names the brand' },
  category_in_use: { type: 'conflict', description: 'A product or subcategory names the category' },
  channel_has_listings: { type: 'conflict', description: 'Deleting a channel with listings' },
  channel_deleted: { type: 'conflict', description: 'The channel is deleted' },
  source_deleted: { type: 'conflict', description: 'The source is deleted' },
  unsupported_content_type: {
    type: 'unsupported_media_type',
    description: 'An import body neither text/csv nor JSON',
  },
  family_not_duplicable: { type: 'unprocessable', description: 'A FAMILY is not duplicated' },
  unsupported_conversion: { type: 'unprocessable', description: 'A conversion between these types is not offered' },
  warnings_not_acknowledged: {
    type: 'unprocessable',
    description: 'Warnings without acknowledgeWarnings: true (details)',
  },
  confirmation_required: { type: 'unprocessable', description: 'Bulk delete `all` without the right `confirm`' },
  child_not_simple: { type: 'unprocessable', description: 'A family’s child must be a SIMPLE product' },
  not_a_family: { type: 'unprocessable', description: 'The product is not a FAMILY' },
  component_cycle: { type: 'unprocessable', description: 'A bundle or BOM containing itself' },
  component_depth_exceeded: { type: 'unprocessable', description: 'Components nested deeper than allowed' },
  component_not_found: { type: 'unprocessable', description: 'A component names an unknown variant' },
  components_not_allowed: { type: 'unprocessable', description: 'Components on a SIMPLE or FAMILY product' },
  duplicate_component: { type: 'unprocessable', description: 'A variant twice in the components' },
  duplicate_sku: { type: 'unprocessable', description: 'Two variants of the product with one SKU' },
  family_has_no_variants: { type: 'unprocessable', description: 'A variant added to a FAMILY' },
  brand_not_found: { type: 'unprocessable', description: 'brandId names no brand' },
  category_not_found: { type: 'unprocessable', description: 'categoryId names no category' },
  category_cycle: { type: 'unprocessable', description: 'A category under itself or its subcategory' },
  feed_url_not_https: { type: 'unprocessable', description: 'The feed URL is not https (nor allow-listed)' },
  feed_url_private_address: { type: 'unprocessable', description: 'The feed host resolves to a private address' },
  feed_url_unresolvable: { type: 'unprocessable', description: 'The feed host does not resolve' },
  feed_not_allowed: { type: 'unprocessable', description: 'feedUrl or rotateFeedSecret on a channel not HTTP_FEED' },
  unknown_warehouse: { type: 'unprocessable', description: 'warehouseId names no live warehouse' },
  listing_target_not_found: { type: 'unprocessable', description: 'A listing names an unknown product or variant' },
  variant_not_found: { type: 'unprocessable', description: 'A SKU linked to an unknown variant (details)' },
  preferred_requires_variant: { type: 'unprocessable', description: '`preferred: true` on an unlinked SKU' },
  csv_header_missing: { type: 'unprocessable', description: 'The CSV has no `sku` column' },
  import_too_large: { type: 'unprocessable', description: 'The CSV is over the import limit' },
  upload_interrupted: { type: 'unavailable', description: 'The upload stalled and was failed; retry' },
} satisfies ErrorCatalog;

export const catalogCodes = codePicker(CATALOG_ERRORS);

/** The rules of a bundle's or BOM's components, wherever components are written. */
export const COMPONENT_CODES = [
  'component_cycle',
  'component_depth_exceeded',
  'component_not_found',
  'components_not_allowed',
  'duplicate_component',
] as const;

/** The URL rule of a feed URL (the kit's public-URL check). */
export const FEED_URL_CODES = ['feed_url_not_https', 'feed_url_private_address', 'feed_url_unresolvable'] as const;

/**
 * Codes the catalog service makes that no partner operation lists as `error.code`: its internal
 * API's, its background work's, and where each goes. Its error makers take them with the above.
 */
export const CATALOG_UNLISTED_ERRORS = {
  invalid_status_transition: {
    type: 'conflict',
    description: 'The import job’s state table: moved by the import runner, never by a request',
  },
  feed_fetch_failed: { type: 'unprocessable', description: 'An import job’s failure.code: a feed that did not answer' },
  upload_aborted: {
    type: 'bad_request',
    description: 'An import job’s failure.code: the client closed the connection mid-upload (no one reads the answer)',
  },
} satisfies ErrorCatalog;
