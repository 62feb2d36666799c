import type { Router } from 'express';
import { INTERNAL_ROUTES } from '@stockyard/contracts';
import { bindInternal } from '@stockyard/service-kit';
import type { SourcesAndImportsGiven } from '../deps';

/** /internal/v1: the suppliers and offers purchasing reads (contracts catalog-internal.ts). */
export function sourcesInternalRoutes(router: Router, { sourceReads }: SourcesAndImportsGiven): void {
  bindInternal(router, INTERNAL_ROUTES.catalogSources, ({ orgId, body }) => sourceReads.sources(orgId, body.ids));
  bindInternal(router, INTERNAL_ROUTES.catalogOffers, ({ orgId, body }) => sourceReads.offers(orgId, body));
}
