import type { CreateCategory, Template, UpdateCategory } from '@stockyard/contracts';
import { newId, type Aggregate } from '@stockyard/service-kit';
import { categoryCycle } from './category.errors';
import { nameKey } from './name-key';

export interface CategoryState extends Aggregate {
  id: string;
  name: string;
  nameKey: string;
  parentId: string | null;
  /** What a product of this category must have filled to be `enriched` (null: nothing beyond the category). */
  template: Template | null;
  createdAt?: Date;
  updatedAt?: Date;
}

export const newCategory = (orgId: string, input: CreateCategory): Omit<CategoryState, 'version'> => ({
  id: newId('cat'),
  orgId,
  name: input.name,
  nameKey: nameKey(input.name),
  parentId: input.parentId ?? null,
  template: input.template ?? null,
});

/**
 * The category after an update. `ancestorsOfParent` are the ids above the new parent
 * (the parent first); a category under itself or its own descendant is refused.
 */
export function updateCategory(current: CategoryState, input: UpdateCategory, ancestorsOfParent: string[] = []) {
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

export const categoryView = ({ id, name, parentId, template, createdAt, updatedAt }: CategoryState) => ({
  id,
  name,
  parentId,
  template,
  createdAt,
  updatedAt,
});
