import type { Router } from 'express';
import { BulkFromSourceSchema } from '@stockyard/contracts';
import { bodyOf, orgIdOf } from '@stockyard/service-kit';
import type { CatalogDeps } from '../deps';

/** The two product routes of the channels side; mounted before `/products/:id`. */
export function channelProductsRoutes(router: Router, { sourceProducts }: CatalogDeps): void {
  router.post('/products/bulk-from-source', async (req, res) => {
    res.status(201).json(await sourceProducts.bulkFromSource(orgIdOf(req), bodyOf(req, BulkFromSourceSchema)));
  });
  router.get('/products/family-candidates', async (req, res) => {
    res.json(await sourceProducts.familyCandidates(orgIdOf(req)));
  });
}
