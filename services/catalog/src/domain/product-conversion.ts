import { CONVERSIONS, type Preflight, type PreflightIssue, type ProductType } from '@stockyard/contracts';
import type { Component, ProductState } from './product';
import { liveVariants } from './product-derived';
import { unsupportedConversion } from './product.errors';
import { assertWritable } from './variant';

/** What a conversion's checks learned outside the product (inventory, other products, channels, orders). */
export interface ConversionFacts {
  /** Sum of on hand over the product's variants and every warehouse (asked only when the target holds no stock). */
  onHand: number;
  /** Live bundles and active BOMs using the product's variants. */
  usedAsComponent: number;
  /** Channel listings of the product's variants. */
  listings: number;
  /** Open holds (orders' reservations) on the product's variants. */
  openHolds: number;
}

/** Types that hold no stock of their own: a product with stock on hand cannot become one. */
export const HOLDS_NO_STOCK: readonly ProductType[] = ['FAMILY', 'BUNDLE'];

export function assertSupported(p: ProductState, target: ProductType): void {
  assertWritable(p);
  if (!CONVERSIONS[p.type].includes(target)) throw unsupportedConversion(p.type, target);
}

const issue = (code: string, message: string): PreflightIssue => ({ code, message });

/** Blockers (hard failures) and warnings (to acknowledge) of converting `p` to `target`. */
export function preflight(p: ProductState, target: ProductType, facts: ConversionFacts): Preflight {
  assertSupported(p, target);
  const blockers: PreflightIssue[] = [];
  const warnings: PreflightIssue[] = [];
  if (HOLDS_NO_STOCK.includes(target) && facts.onHand !== 0) {
    blockers.push(issue('stock_on_hand', `${facts.onHand} on hand; a ${target} holds no stock: move or adjust it out`));
  }
  if (HOLDS_NO_STOCK.includes(target) && facts.openHolds > 0) {
    blockers.push(issue('open_holds', `${facts.openHolds} open hold(s) on the product's variants`));
  }
  if (target === 'FAMILY' && facts.usedAsComponent > 0) {
    blockers.push(
      issue('used_as_component', `Used in ${facts.usedAsComponent} bundle(s) or BOM(s); a FAMILY has no variant`),
    );
  }
  if (p.parentId) blockers.push(issue('family_child', 'Children of a family are SIMPLE: unlink it first'));
  if (target === 'FAMILY' && liveVariants(p).length > 1) {
    blockers.push(issue('multiple_variants', 'A FAMILY has no variants: delete all but one, or make them children'));
  }
  if (p.type === 'BUNDLE' && target === 'ASSEMBLY') {
    warnings.push(issue('bom_from_bundle', `The BOM is created from the ${p.components.length} bundle row(s)`));
  }
  if (target === 'FAMILY') {
    warnings.push(issue('variant_removed', 'The default variant is removed (variant.deleted)'));
  }
  if (facts.listings > 0) {
    warnings.push(issue('listings_change', `${facts.listings} channel listing(s) of its variants will change`));
  }
  return { blockers, warnings };
}

/**
 * The product as its new type: a FAMILY loses its variant; a BUNDLE gets the given rows; an
 * ASSEMBLY gets its first BOM from the given rows, or from the bundle rows it had.
 */
export function convertProduct(p: ProductState, target: ProductType, rows: Component[] | undefined, now: Date) {
  assertSupported(p, target);
  const base = { ...p, type: target, components: [] as Component[] };
  if (target === 'FAMILY') {
    const variants = p.variants.map((v) => (v.deletedAt ? v : { ...v, deletedAt: now, isDefault: false }));
    return { ...base, variants, boms: [] };
  }
  if (target === 'BUNDLE') return { ...base, components: rows ?? [] };
  const bomRows = p.type === 'BUNDLE' ? p.components : (rows ?? []);
  const version = Math.max(0, ...p.boms.map((b) => b.version)) + 1;
  const boms = bomRows.length ? [...p.boms, { version, active: true, rows: bomRows, createdAt: now }] : p.boms;
  return { ...base, boms };
}
