import { AppError, conflict, notFound, unprocessable } from '@stockyard/service-kit';
import type { ErrorDetail } from '@stockyard/contracts';

export const productNotFound = () => notFound('Product');
export const variantNotFound = () => notFound('Variant');
export const productTrashed = () =>
  conflict('The product is in the trash; restore it before changing it', 'product_trashed');
export const productNotTrashed = () => conflict('The product is not in the trash', 'product_not_trashed');
export const skuTaken = (sku: string) =>
  new AppError('conflict', `SKU ${sku} is already used by another product or variant`, 'sku_taken', [
    { field: 'sku', code: 'sku_taken', message: sku },
  ]);
export const duplicateSkuInProduct = (sku: string) =>
  unprocessable(`SKU ${sku} is used twice within the product`, 'duplicate_sku');
export const componentsNotAllowed = (type: string) =>
  unprocessable(`A ${type} product has no components (only BUNDLE and ASSEMBLY do)`, 'components_not_allowed');
export const componentNotFound = (variantId: string) =>
  new AppError('unprocessable', `Component variant ${variantId} does not exist`, 'component_not_found', [
    { field: 'components', code: 'component_not_found', message: variantId },
  ]);
export const componentCycle = () =>
  unprocessable('A bundle or BOM cannot contain itself, directly or through nested bundles', 'component_cycle');
/** A chain of bundles and BOMs deeper than the contracts' MAX_BUNDLE_DEPTH below a product's own rows. */
export const componentDepthExceeded = (maxDepth: number) =>
  new AppError(
    'unprocessable',
    `Bundles and BOMs nest at most ${maxDepth} levels below a product's own rows ` +
      `(${maxDepth + 1} levels in all); this change makes a deeper chain`,
    'component_depth_exceeded',
    [{ field: 'components', code: 'component_depth_exceeded', message: `maxDepth ${maxDepth}` }],
  );
export const duplicateComponent = (variantId: string) =>
  unprocessable(`Variant ${variantId} appears twice in the components`, 'duplicate_component');
export const familyHasNoVariants = () =>
  unprocessable('A FAMILY holds no variants of its own: add SIMPLE children instead', 'family_has_no_variants');
export const lastVariant = () =>
  conflict('A SIMPLE, BUNDLE or ASSEMBLY product keeps at least one variant', 'last_variant');
export const variantInUse = (count: number) =>
  conflict(`The variant is a component of ${count} bundle(s) or BOM(s)`, 'variant_in_use');
export const duplicateOfFamily = () =>
  unprocessable('A FAMILY product cannot be duplicated; duplicate its children instead', 'family_not_duplicable');
export const notAFamily = () => unprocessable('The product is not a FAMILY', 'not_a_family');
export const childNotSimple = (id: string) =>
  new AppError('unprocessable', `Only SIMPLE products can be children of a family (${id})`, 'child_not_simple', [
    { field: 'childIds', code: 'child_not_simple', message: id },
  ]);
export const childInOtherFamily = (id: string) =>
  conflict(`Product ${id} is already a child of another family`, 'child_in_other_family');
export const notAChild = () => notFound('Child product');
export const unsupportedConversion = (from: string, to: string) =>
  unprocessable(`Converting a ${from} product to ${to} is not supported`, 'unsupported_conversion');
export const conversionBlocked = (details: ErrorDetail[]) =>
  new AppError('conflict', 'The conversion is blocked; see details (or the preflight)', 'conversion_blocked', details);
export const warningsNotAcknowledged = (details: ErrorDetail[]) =>
  new AppError(
    'unprocessable',
    'The conversion has warnings: send acknowledgeWarnings: true to go ahead',
    'warnings_not_acknowledged',
    details,
  );
export const confirmationRequired = () =>
  unprocessable('Deleting every product needs confirm: "DELETE_ALL_PRODUCTS"', 'confirmation_required');
export const brandNotFound = () =>
  new AppError('unprocessable', 'brandId names no brand of this organization', 'brand_not_found', [
    { field: 'brandId', code: 'brand_not_found', message: 'unknown brand' },
  ]);
export const categoryNotFound = () =>
  new AppError('unprocessable', 'categoryId names no category of this organization', 'category_not_found', [
    { field: 'categoryId', code: 'category_not_found', message: 'unknown category' },
  ]);
