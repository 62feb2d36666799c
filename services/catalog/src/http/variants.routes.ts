import type { Router } from 'express';
import { CATALOG_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import { setNextLink } from '@stockyard/service-kit/http';
import type { ProductsGiven } from '../deps';

export function variantsRoutes(router: Router, { variants }: ProductsGiven): void {
  bindRoute(router, CATALOG_API.listVariants, async ({ orgId, query: { filter, page }, req, res }) => {
    const list = await variants.list(orgId, filter, page);
    setNextLink(req, res, list.next);
    return list;
  });
  bindRoute(router, CATALOG_API.getVariant, ({ orgId, params }) => variants.get(orgId, params.id));
  bindRoute(router, CATALOG_API.createVariant, ({ orgId, params, body }) => variants.add(orgId, params.id, body));
  bindRoute(router, CATALOG_API.updateVariant, ({ orgId, params, body }) => variants.update(orgId, params.id, body));
  bindRoute(router, CATALOG_API.deleteVariant, ({ orgId, params }) => variants.delete(orgId, params.id));
}
