import type { CATEGORY_ENRICHMENT_STATUSES, CreateCategory, Template, UpdateCategory } from '@stockyard/contracts';
import { newEvent, newId, type Aggregate, type Decision } from '@stockyard/service-kit';
import { categoryCycle } from './category.errors';
import { nameKey } from './name-key';

export interface CategoryState extends Aggregate {
  id: string;
  name: string;
  nameKey: string;
  parentId: string | null;
  /** What a product of this category must have filled to be `enriched` (null: nothing beyond the category). */
  template: Template | null;
  /** Moves by one with each template change (absent: 0, the template it was created with). */
  templateVersion?: number;
  /** The job settling its products on `templateVersion` (absent: none ran). */
  enrichment?: Enrichment | null;
  createdAt?: Date;
  updatedAt?: Date;
}

/** A template change's background job, as stored (its version is the category's `templateVersion`). */
export interface Enrichment {
  status: (typeof CATEGORY_ENRICHMENT_STATUSES)[number];
  productsChanged: number | null;
  finishedAt: Date | null;
}

export const CATEGORY_TEMPLATE_CHANGED = 'category.template_changed' as const;

export const templateVersionOf = (category: CategoryState) => category.templateVersion ?? 0;

export const newCategory = (orgId: string, input: CreateCategory): Omit<CategoryState, 'version'> => ({
  id: newId('cat'),
  orgId,
  name: input.name,
  nameKey: nameKey(input.name),
  parentId: input.parentId ?? null,
  template: input.template ?? null,
  templateVersion: 0,
  enrichment: null,
});

/**
 * The category after an update. `ancestorsOfParent` are the ids above the new parent
 * (the parent first); a category under itself or its own descendant is refused.
 */
function updateCategory(current: CategoryState, input: UpdateCategory, ancestorsOfParent: string[] = []) {
  const next = { ...current };
  if (input.name !== undefined && input.name !== current.name) {
    next.name = input.name;
    next.nameKey = nameKey(input.name);
  }
  if (input.parentId !== undefined && input.parentId !== current.parentId) {
    if (input.parentId === current.id || ancestorsOfParent.includes(current.id)) throw categoryCycle();
    next.parentId = input.parentId;
  }
  if (input.template !== undefined) next.template = input.template;
  return next;
}

/**
 * An update as one write: a template that moved (by content) takes the next `templateVersion`,
 * its enrichment PENDING and `category.template_changed` in the outbox, so the job that settles
 * the products is never lost once the change is stored.
 */
export function changeCategory(
  current: CategoryState,
  input: UpdateCategory,
  ancestorsOfParent: string[] = [],
): Decision<CategoryState> {
  const next = updateCategory(current, input, ancestorsOfParent);
  if (JSON.stringify(next.template) === JSON.stringify(current.template))
    return { state: { ...next, template: current.template } };
  const templateVersion = templateVersionOf(current) + 1;
  const event = newEvent(CATEGORY_TEMPLATE_CHANGED, { orgId: current.orgId, categoryId: current.id, templateVersion });
  const enrichment: Enrichment = { status: 'PENDING', productsChanged: null, finishedAt: null };
  return { state: { ...next, templateVersion, enrichment }, events: [event] };
}

/** Whether the job for `templateVersion` still has work: that version is the category's and not DONE. */
export const enrichmentPending = (category: CategoryState, templateVersion: number) =>
  templateVersionOf(category) === templateVersion && category.enrichment?.status === 'PENDING';

/** The job's end, only while the category is still PENDING on its version (else nothing to write). */
export function finishEnrichment(
  current: CategoryState,
  templateVersion: number,
  productsChanged: number,
  now: Date,
): Decision<CategoryState> {
  if (!enrichmentPending(current, templateVersion)) return {};
  return { state: { ...current, enrichment: { status: 'DONE', productsChanged, finishedAt: now } } };
}

export const enrichmentView = (category: CategoryState) => ({
  status: category.enrichment?.status ?? 'DONE',
  templateVersion: templateVersionOf(category),
  productsChanged: category.enrichment?.productsChanged ?? null,
  finishedAt: category.enrichment?.finishedAt ?? null,
});

export const categoryView = (category: CategoryState) => {
  const { id, name, parentId, template, createdAt, updatedAt } = category;
  return { id, name, parentId, template, enrichment: enrichmentView(category), createdAt, updatedAt };
};
