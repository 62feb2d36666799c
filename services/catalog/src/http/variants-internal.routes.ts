import type { Router } from 'express';
import { INTERNAL_ROUTES } from '@stockyard/contracts';
import { bindInternal } from '@stockyard/service-kit';
import type { ProductsGiven } from '../deps';

/** /internal/v1: the reads orders, purchasing and invoicing make (contracts catalog-internal.ts). */
export function variantsInternalRoutes(router: Router, { internalReads }: ProductsGiven): void {
  bindInternal(router, INTERNAL_ROUTES.catalogVariants, ({ orgId, body }) => internalReads.variants(orgId, body));
  bindInternal(router, INTERNAL_ROUTES.catalogBundleLeaves, ({ orgId, body }) =>
    internalReads.bundleLeaves(orgId, body.variantIds),
  );
}
