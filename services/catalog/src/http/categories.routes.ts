import type { Router } from 'express';
import { CATALOG_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { BrandsAndCategoriesGiven } from '../deps';

export function categoriesRoutes(router: Router, { categories }: BrandsAndCategoriesGiven): void {
  bindRoute(router, CATALOG_API.listCategories, ({ orgId, query: page }) => categories.list(orgId, page));
  bindRoute(router, CATALOG_API.createCategory, ({ orgId, body }) => categories.create(orgId, body));
  bindRoute(router, CATALOG_API.getCategory, ({ orgId, params }) => categories.get(orgId, params.id));
  bindRoute(router, CATALOG_API.updateCategory, ({ orgId, params, body }) => categories.update(orgId, params.id, body));
  bindRoute(router, CATALOG_API.deleteCategory, ({ orgId, params }) => categories.delete(orgId, params.id));
}
