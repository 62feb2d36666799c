import type { Router } from 'express';
import { CATALOG_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { ProductsGiven } from '../deps';

/**
 * Products: the list, the trash, reports and bulk work. Literal paths before `/products/{id}`
 * (Express takes the first match).
 */
export function productsRoutes(router: Router, deps: ProductsGiven): void {
  const { products, reports, bulk, families } = deps;
  bindRoute(router, CATALOG_API.listProducts, ({ orgId, query: { filter, page } }) =>
    products.list(orgId, filter, page),
  );
  bindRoute(router, CATALOG_API.createProduct, ({ orgId, body }) => products.create(orgId, body));
  bindRoute(router, CATALOG_API.listTrashedProducts, ({ orgId, query: page }) => products.listTrash(orgId, page));
  bindRoute(router, CATALOG_API.getDataHealth, ({ orgId }) => reports.dataHealth(orgId));
  bindRoute(router, CATALOG_API.bulkRestoreProducts, ({ orgId, body }) => bulk.restore(orgId, body));
  bindRoute(router, CATALOG_API.bulkDeleteProducts, ({ orgId, body }) => bulk.delete(orgId, body));
  bindRoute(router, CATALOG_API.createVariantParent, ({ orgId, body }) => families.variantParent(orgId, body));
  productRoutes(router, deps);
}

/** One product's reads and writes. */
function productRoutes(router: Router, { products, families, reports, conversions }: ProductsGiven): void {
  bindRoute(router, CATALOG_API.getProduct, ({ orgId, params }) => products.get(orgId, params.id));
  bindRoute(router, CATALOG_API.updateProduct, ({ orgId, params, body }) => products.update(orgId, params.id, body));
  bindRoute(router, CATALOG_API.trashProduct, ({ orgId, params }) => products.trash(orgId, params.id));
  bindRoute(router, CATALOG_API.restoreProduct, ({ orgId, params }) => products.restore(orgId, params.id));
  bindRoute(router, CATALOG_API.archiveProduct, ({ orgId, params }) => products.archive(orgId, params.id, true));
  bindRoute(router, CATALOG_API.unarchiveProduct, ({ orgId, params }) => products.archive(orgId, params.id, false));
  bindRoute(router, CATALOG_API.duplicateProduct, ({ orgId, params, body }) =>
    products.duplicate(orgId, params.id, body),
  );
  bindRoute(router, CATALOG_API.linkChildren, ({ orgId, params, body }) =>
    families.link(orgId, params.id, body.childIds),
  );
  bindRoute(router, CATALOG_API.unlinkChild, ({ orgId, params }) => families.unlink(orgId, params.id, params.childId));
  bindRoute(router, CATALOG_API.orderChildren, ({ orgId, params, body }) =>
    families.order(orgId, params.id, body.orderedChildIds),
  );
  bindRoute(router, CATALOG_API.listWhereUsed, ({ orgId, params, query: page }) =>
    reports.whereUsed(orgId, params.id, page),
  );
  bindRoute(router, CATALOG_API.getTemplateStatus, ({ orgId, params }) => reports.templateStatus(orgId, params.id));
  bindRoute(router, CATALOG_API.preflightConversion, ({ orgId, params, query }) =>
    conversions.preflight(orgId, params.id, query.targetType),
  );
  bindRoute(router, CATALOG_API.convertProduct, ({ orgId, params, body }) =>
    conversions.convert(orgId, params.id, body),
  );
}
