import type { Router } from 'express';
import { INTERNAL_ROUTES } from '@stockyard/contracts';
import { bindInternal } from '@stockyard/service-kit';
import type { ProductsCommands } from '../products.module';

/** /internal/v1: the reads orders, purchasing and invoicing make (contracts catalog-internal.ts). */
export function variantsInternalRoutes(router: Router, { internalReads }: ProductsCommands): void {
  bindInternal(router, INTERNAL_ROUTES.catalogVariants, ({ orgId, body }) => internalReads.variants(orgId, body));
  bindInternal(router, INTERNAL_ROUTES.catalogBundleLeaves, ({ orgId, body }) =>
    internalReads.bundleLeaves(orgId, body.variantIds),
  );
}
