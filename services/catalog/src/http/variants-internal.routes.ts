import type { Router } from 'express';
import { BundleLeavesQuerySchema, INTERNAL_CATALOG_PATHS, VariantBatchQuerySchema } from '@stockyard/contracts';
import { bodyOf, orgIdOf } from '@stockyard/service-kit';
import type { ProductsCommands } from '../products.module';

/** /internal/v1: the reads orders, purchasing and invoicing make (contracts catalog-internal.ts). */
export function variantsInternalRoutes(router: Router, { internalReads }: ProductsCommands): void {
  router.post(INTERNAL_CATALOG_PATHS.variantsBatch, async (req, res) => {
    res.json(await internalReads.variants(orgIdOf(req), bodyOf(req, VariantBatchQuerySchema)));
  });
  router.post(INTERNAL_CATALOG_PATHS.bundleLeaves, async (req, res) => {
    res.json(await internalReads.bundleLeaves(orgIdOf(req), bodyOf(req, BundleLeavesQuerySchema).variantIds));
  });
}
