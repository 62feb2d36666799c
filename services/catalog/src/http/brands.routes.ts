import type { Router } from 'express';
import { CATALOG_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { BrandsAndCategoriesGiven } from '../deps';

export function brandsRoutes(router: Router, { brands }: BrandsAndCategoriesGiven): void {
  bindRoute(router, CATALOG_API.listBrands, ({ orgId, query: page }) => brands.list(orgId, page));
  bindRoute(router, CATALOG_API.createBrand, ({ orgId, body }) => brands.create(orgId, body));
  bindRoute(router, CATALOG_API.getBrand, ({ orgId, params }) => brands.get(orgId, params.id));
  bindRoute(router, CATALOG_API.renameBrand, ({ orgId, params, body }) => brands.rename(orgId, params.id, body.name));
  bindRoute(router, CATALOG_API.deleteBrand, ({ orgId, params }) => brands.delete(orgId, params.id));
}
