import type { ProductState } from './product';
import { componentRows, liveVariants } from './product-derived';

/** What the report reads of each product (live and trashed: trashed ones make components unavailable). */
export type HealthRow = Pick<
  ProductState,
  | 'id'
  | 'type'
  | 'sku'
  | 'price'
  | 'cost'
  | 'margin'
  | 'images'
  | 'brandId'
  | 'categoryId'
  | 'enriched'
  | 'archived'
  | 'deletedAt'
  | 'variants'
  | 'components'
  | 'boms'
  | 'parentId'
  | 'skuKeys'
  | 'barcodeKeys'
>;

const HEALTH_PROBLEMS = [
  'missing_sku',
  'duplicate_sku',
  'duplicate_barcode',
  'missing_price_or_cost',
  'negative_margin',
  'no_image',
  'no_category',
  'no_brand',
  'template_incomplete',
  'family_too_few_children',
  'no_components',
  'component_unavailable',
] as const;
type HealthProblem = (typeof HEALTH_PROBLEMS)[number];

const SAMPLE_SIZE = 20;

/** Keys held by more than one live product. */
function sharedKeys(rows: HealthRow[], keysOf: (r: HealthRow) => string[]): Set<string> {
  const owners = new Map<string, number>();
  for (const r of rows) for (const k of new Set(keysOf(r))) owners.set(k, (owners.get(k) ?? 0) + 1);
  return new Set([...owners].filter(([, n]) => n > 1).map(([k]) => k));
}

/** A variant can serve as a component while it and its product are live and not archived. */
function availableVariants(all: HealthRow[]): Set<string> {
  const ids = new Set<string>();
  for (const p of all) {
    if (p.deletedAt || p.archived) continue;
    for (const v of liveVariants(p)) ids.add(v.id);
  }
  return ids;
}

/**
 * GET /products/data-health: for each problem, how many live products have it and up to 20
 * of their ids. Every problem is listed, with count 0 when none has it.
 */
export function dataHealth(all: HealthRow[]) {
  const live = all.filter((p) => !p.deletedAt);
  const dupSkus = sharedKeys(live, (r) => r.skuKeys);
  const dupBarcodes = sharedKeys(live, (r) => r.barcodeKeys);
  const available = availableVariants(all);
  const children = new Map<string, number>();
  for (const p of live) if (p.parentId) children.set(p.parentId, (children.get(p.parentId) ?? 0) + 1);
  const stocked = (p: HealthRow) => p.type !== 'FAMILY';
  const checks: Record<HealthProblem, (p: HealthRow) => boolean> = {
    missing_sku: (p) => !p.sku || liveVariants(p).some((v) => !v.sku),
    duplicate_sku: (p) => p.skuKeys.some((k) => dupSkus.has(k)),
    duplicate_barcode: (p) => p.barcodeKeys.some((k) => dupBarcodes.has(k)),
    missing_price_or_cost: (p) => stocked(p) && (p.price === null || p.cost === null),
    negative_margin: (p) => p.margin !== null && p.margin < 0,
    no_image: (p) => p.images.length === 0,
    no_category: (p) => !p.categoryId,
    no_brand: (p) => !p.brandId,
    template_incomplete: (p) => !!p.categoryId && !p.enriched,
    family_too_few_children: (p) => p.type === 'FAMILY' && (children.get(p.id) ?? 0) < 2,
    no_components: (p) => (p.type === 'BUNDLE' || p.type === 'ASSEMBLY') && componentRows(p).length === 0,
    component_unavailable: (p) => componentRows(p).some((r) => !available.has(r.variantId)),
  };
  const problems = HEALTH_PROBLEMS.map((code) => {
    const ids = live.filter(checks[code]).map((p) => p.id);
    return { code, count: ids.length, sampleIds: ids.slice(0, SAMPLE_SIZE) };
  });
  return { productCount: live.length, problems };
}
