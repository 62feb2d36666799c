import type { CreateVariant, UpdateVariant } from '@stockyard/contracts';
import type { ProductState, VariantState } from './product';
import { liveVariants } from './product-derived';
import { familyHasNoVariants, lastVariant, productTrashed, variantNotFound } from './product.errors';

type VariantFields = Pick<VariantState, 'sku' | 'price' | 'cost' | 'weight'> & Partial<VariantState>;

/** A new variant; the first of a product is its default one. */
export const newVariant = (id: string, fields: VariantFields, now: Date): VariantState => ({
  id,
  name: null,
  options: {},
  barcodes: [],
  position: 0,
  isDefault: false,
  sourceLinked: false,
  deletedAt: null,
  createdAt: now,
  updatedAt: now,
  ...fields,
});

export function assertWritable(p: ProductState): void {
  if (p.deletedAt) throw productTrashed();
}

/** The product with one more variant (`sku` already resolved: given, generated or null). */
export function addVariant(p: ProductState, id: string, input: CreateVariant, sku: string | null, now: Date) {
  assertWritable(p);
  if (p.type === 'FAMILY') throw familyHasNoVariants();
  const position = input.position ?? Math.max(-1, ...liveVariants(p).map((v) => v.position)) + 1;
  const variant = newVariant(
    id,
    {
      sku,
      name: input.name ?? null,
      options: input.options ?? {},
      price: input.price ?? p.price,
      cost: input.cost ?? p.cost,
      weight: input.weight ?? p.weight,
      barcodes: input.barcodes ?? [],
      position,
      isDefault: liveVariants(p).length === 0,
    },
    now,
  );
  return syncFromDefault({ ...p, variants: [...p.variants, variant] });
}

/** The product with one variant changed; the default variant's SKU, price, cost and weight are the product's. */
export function updateVariant(p: ProductState, variantId: string, input: UpdateVariant, now: Date): ProductState {
  assertWritable(p);
  const current = liveVariants(p).find((v) => v.id === variantId);
  if (!current) throw variantNotFound();
  const next: VariantState = { ...current, updatedAt: now };
  for (const key of ['sku', 'name', 'options', 'price', 'cost', 'weight', 'barcodes', 'position'] as const) {
    if (input[key] !== undefined) (next as unknown as Record<string, unknown>)[key] = input[key];
  }
  return syncFromDefault({ ...p, variants: p.variants.map((v) => (v.id === variantId ? next : v)) });
}

/** Soft-deletes a variant; the next live one becomes the default when the default goes. */
export function deleteVariant(p: ProductState, variantId: string, now: Date): ProductState {
  assertWritable(p);
  const live = liveVariants(p);
  const target = live.find((v) => v.id === variantId);
  if (!target) throw variantNotFound();
  if (live.length === 1) throw lastVariant();
  const heir = target.isDefault ? live.filter((v) => v.id !== variantId).sort(byPosition)[0]! : undefined;
  const variants = p.variants.map((v) => {
    if (v.id === variantId) return { ...v, deletedAt: now, isDefault: false, updatedAt: now };
    if (v.id === heir?.id) return { ...v, isDefault: true, updatedAt: now };
    return v;
  });
  return syncFromDefault({ ...p, variants });
}

export const byPosition = (a: VariantState, b: VariantState) => a.position - b.position || a.id.localeCompare(b.id);

/** The product's own SKU, price, cost and weight follow its default variant's. */
export function syncFromDefault(p: ProductState): ProductState {
  const d = liveVariants(p).find((v) => v.isDefault);
  if (!d) return p;
  const next = { ...p };
  if (next.sku !== d.sku) next.sku = d.sku;
  if (next.price !== d.price) next.price = d.price;
  if (next.cost !== d.cost) next.cost = d.cost;
  if (next.weight !== d.weight) next.weight = d.weight;
  return next;
}

/** The default variant follows the product's own SKU, price, cost and weight (a product edit). */
export function syncToDefault(p: ProductState, now: Date): ProductState {
  const variants = p.variants.map((v) => {
    if (!v.isDefault || v.deletedAt) return v;
    if (v.sku === p.sku && v.price === p.price && v.cost === p.cost && v.weight === p.weight) return v;
    return { ...v, sku: p.sku, price: p.price, cost: p.cost, weight: p.weight, updatedAt: now };
  });
  return variants.some((v, i) => v !== p.variants[i]) ? { ...p, variants } : p;
}
