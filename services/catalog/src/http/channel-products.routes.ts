import type { Router } from 'express';
import { CATALOG_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import { setNextLink } from '@stockyard/service-kit/http';
import type { SourcesAndImportsGiven } from '../deps';

/** The two product routes of the channels side; mounted before `/products/{id}`. */
export function channelProductsRoutes(router: Router, { sourceProducts }: SourcesAndImportsGiven): void {
  bindRoute(router, CATALOG_API.bulkCreateFromSource, ({ orgId, body }) => sourceProducts.bulkFromSource(orgId, body));
  bindRoute(router, CATALOG_API.listFamilyCandidates, async ({ orgId, query, req, res }) => {
    const page = await sourceProducts.familyCandidates(orgId, query);
    setNextLink(req, res, page.next);
    return page.data;
  });
}
