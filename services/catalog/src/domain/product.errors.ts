import { notFound } from '@stockyard/service-kit';
import type { ErrorDetail } from '@stockyard/contracts';
import { errors } from './errors';

export const productNotFound = () => notFound('Product');
export const variantNotFound = () => notFound('Variant');
export const productTrashed = () =>
  errors.product_trashed('The product is in the trash; restore it before changing it');
export const productNotTrashed = () => errors.product_not_trashed('The product is not in the trash');
export const skuTaken = (sku: string) =>
  errors.sku_taken(`SKU ${sku} is already used by another product or variant`, [
    { field: 'sku', code: 'sku_taken', message: sku },
  ]);
export const duplicateSkuInProduct = (sku: string) =>
  errors.duplicate_sku(`SKU ${sku} is used twice within the product`);
export const componentsNotAllowed = (type: string) =>
  errors.components_not_allowed(`A ${type} product has no components (only BUNDLE and ASSEMBLY do)`);
export const componentNotFound = (variantId: string) =>
  errors.component_not_found(`Component variant ${variantId} does not exist`, [
    { field: 'components', code: 'component_not_found', message: variantId },
  ]);
export const componentCycle = () =>
  errors.component_cycle('A bundle or BOM cannot contain itself, directly or through nested bundles');
/** A chain of bundles and BOMs deeper than the contracts' MAX_BUNDLE_DEPTH below a product's own rows. */
export const componentDepthExceeded = (maxDepth: number) =>
  errors.component_depth_exceeded(
    `Bundles and BOMs nest at most ${maxDepth} levels below a product's own rows ` +
      `(${maxDepth + 1} levels in all); this change makes a deeper chain`,
    [{ field: 'components', code: 'component_depth_exceeded', message: `maxDepth ${maxDepth}` }],
  );
export const duplicateComponent = (variantId: string) =>
  errors.duplicate_component(`Variant ${variantId} appears twice in the components`);
export const familyHasNoVariants = () =>
  errors.family_has_no_variants('A FAMILY holds no variants of its own: add SIMPLE children instead');
export const lastVariant = () => errors.last_variant('A SIMPLE, BUNDLE or ASSEMBLY product keeps at least one variant');
export const variantInUse = (count: number) =>
  errors.variant_in_use(`The variant is a component of ${count} bundle(s) or BOM(s)`);
export const duplicateOfFamily = () =>
  errors.family_not_duplicable('A FAMILY product cannot be duplicated; duplicate its children instead');
export const notAFamily = () => errors.not_a_family('The product is not a FAMILY');
export const childNotSimple = (id: string) =>
  errors.child_not_simple(`Only SIMPLE products can be children of a family (${id})`, [
    { field: 'childIds', code: 'child_not_simple', message: id },
  ]);
export const childInOtherFamily = (id: string) =>
  errors.child_in_other_family(`Product ${id} is already a child of another family`);
export const notAChild = () => notFound('Child product');
export const unsupportedConversion = (from: string, to: string) =>
  errors.unsupported_conversion(`Converting a ${from} product to ${to} is not supported`);
export const conversionBlocked = (details: ErrorDetail[]) =>
  errors.conversion_blocked('The conversion is blocked; see details (or the preflight)', details);
export const warningsNotAcknowledged = (details: ErrorDetail[]) =>
  errors.warnings_not_acknowledged('The conversion has warnings: send acknowledgeWarnings: true to go ahead', details);
export const confirmationRequired = () =>
  errors.confirmation_required('Deleting every product needs confirm: "DELETE_ALL_PRODUCTS"');
export const brandNotFound = () =>
  errors.brand_not_found('brandId names no brand of this organization', [
    { field: 'brandId', code: 'brand_not_found', message: 'unknown brand' },
  ]);
export const categoryNotFound = () =>
  errors.category_not_found('categoryId names no category of this organization', [
    { field: 'categoryId', code: 'category_not_found', message: 'unknown category' },
  ]);
