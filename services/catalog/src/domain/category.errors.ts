import { notFound } from '@stockyard/service-kit';
import { errors } from './errors';

export const categoryNameTaken = () => errors.category_name_taken('A category with this name already exists');
export const categoryInUse = (count: number, children: number) =>
  errors.category_in_use(`The category is used by ${count} product(s) and ${children} subcategories; move them first`);
export const categoryCycle = () =>
  errors.category_cycle('A category cannot be placed under itself or one of its subcategories');
export const parentCategoryNotFound = () => notFound('Parent category');
