import type { Router } from 'express';
import {
  CreateVariantSchema,
  PageQuerySchema,
  UpdateVariantSchema,
  VariantListQuerySchema,
} from '@stockyard/contracts';
import { bodyOf, orgIdOf, queryOf } from '@stockyard/service-kit';
import type { CatalogDeps } from '../deps';

export function variantsRoutes(router: Router, { variants, productQueries }: CatalogDeps): void {
  router.get('/variants', async (req, res) => {
    const orgId = orgIdOf(req);
    res.json(await productQueries.variants(orgId, queryOf(req, VariantListQuerySchema), queryOf(req, PageQuerySchema)));
  });
  router.get('/variants/:id', async (req, res) => {
    res.json(await variants.get(orgIdOf(req), req.params.id));
  });
  router.post('/products/:id/variants', async (req, res) => {
    res.status(201).json(await variants.add(orgIdOf(req), req.params.id, bodyOf(req, CreateVariantSchema)));
  });
  router.patch('/variants/:id', async (req, res) => {
    res.json(await variants.update(orgIdOf(req), req.params.id, bodyOf(req, UpdateVariantSchema)));
  });
  router.delete('/variants/:id', async (req, res) => {
    await variants.delete(orgIdOf(req), req.params.id);
    res.status(204).end();
  });
}
