import type { Template } from '@stockyard/contracts';
import type { ProductState } from './product';

interface TemplateStatus {
  categoryId: string | null;
  template: Template | null;
  filled: string[];
  missing: string[];
  complete: boolean;
}

/**
 * Whether a value counts as given: any JSON (custom fields are free-form): not null, not a blank
 * string, not an empty array or object. A number (0 too) or a boolean (false too) is given.
 */
const isFilled = (value: unknown): boolean => {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
};

/**
 * A custom field's value: the product's own key only (a template key `constructor` or
 * `__proto__` must not find Object's), and nothing when the stored fields are not an object.
 */
const customField = (fields: unknown, key: string): unknown =>
  fields !== null && typeof fields === 'object' && !Array.isArray(fields) && Object.hasOwn(fields, key)
    ? (fields as Record<string, unknown>)[key]
    : undefined;

/**
 * Which of the category template's attributes the product has filled. Custom-field keys
 * are named `customFields.<key>`. A product with no category is never complete; a category
 * without a template asks for nothing more than itself.
 */
export function templateStatus(
  p: Pick<ProductState, 'categoryId' | 'customFields'> & Record<string, unknown>,
  template: Template | null,
): TemplateStatus {
  const wanted = [
    ...(template?.coreFields ?? []).map((f) => ({ name: f, value: p[f] })),
    ...(template?.customFields ?? []).map((k) => ({
      name: `customFields.${k}`,
      value: customField(p.customFields, k),
    })),
  ];
  const filled = wanted.filter((w) => isFilled(w.value)).map((w) => w.name);
  const missing = wanted.filter((w) => !isFilled(w.value)).map((w) => w.name);
  return {
    categoryId: p.categoryId,
    template,
    filled,
    missing,
    complete: p.categoryId !== null && missing.length === 0,
  };
}

/** `enriched`: the product's category template is complete. */
export const isEnriched = (p: ProductState, template: Template | null) =>
  templateStatus(p as ProductState & Record<string, unknown>, template).complete;
