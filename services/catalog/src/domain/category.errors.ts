import { conflict, notFound, unprocessable } from '@stockyard/service-kit';

export const categoryNameTaken = () => conflict('A category with this name already exists', 'category_name_taken');
export const categoryInUse = (count: number, children: number) =>
  conflict(
    `The category is used by ${count} product(s) and ${children} subcategories; move them first`,
    'category_in_use',
  );
export const categoryCycle = () =>
  unprocessable('A category cannot be placed under itself or one of its subcategories', 'category_cycle');
export const parentCategoryNotFound = () => notFound('Parent category');
