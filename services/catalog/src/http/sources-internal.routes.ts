import type { Router } from 'express';
import { INTERNAL_CATALOG_PATHS, OfferBatchQuerySchema, SourceBatchQuerySchema } from '@stockyard/contracts';
import { bodyOf, orgIdOf } from '@stockyard/service-kit';
import type { SourcesAndImportsCommands } from '../sources-and-imports.module';

/** /internal/v1: the suppliers and offers purchasing reads (contracts catalog-internal.ts). */
export function sourcesInternalRoutes(router: Router, { sourceReads }: SourcesAndImportsCommands): void {
  router.post(INTERNAL_CATALOG_PATHS.sourcesBatch, async (req, res) => {
    res.json(await sourceReads.sources(orgIdOf(req), bodyOf(req, SourceBatchQuerySchema).ids));
  });
  router.post(INTERNAL_CATALOG_PATHS.offersBatch, async (req, res) => {
    res.json(await sourceReads.offers(orgIdOf(req), bodyOf(req, OfferBatchQuerySchema)));
  });
}
