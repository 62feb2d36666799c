import type { Router } from 'express';
import { CreateBrandSchema, PageQuerySchema, UpdateBrandSchema } from '@stockyard/contracts';
import { bodyOf, orgIdOf, queryOf } from '@stockyard/service-kit';
import type { CatalogDeps } from '../deps';

export function brandsRoutes(router: Router, { brands, productQueries }: CatalogDeps): void {
  router.get('/brands', async (req, res) => {
    res.json(await brands.list(orgIdOf(req), queryOf(req, PageQuerySchema)));
  });
  router.post('/brands', async (req, res) => {
    res.status(201).json(await brands.create(orgIdOf(req), bodyOf(req, CreateBrandSchema)));
  });
  router.get('/brands/:id', async (req, res) => {
    res.json(await brands.get(orgIdOf(req), req.params.id));
  });
  router.patch('/brands/:id', async (req, res) => {
    res.json(await brands.rename(orgIdOf(req), req.params.id, bodyOf(req, UpdateBrandSchema).name));
  });
  router.delete('/brands/:id', async (req, res) => {
    const orgId = orgIdOf(req);
    await brands.delete(orgId, req.params.id, () => productQueries.countUsing(orgId, { brandId: req.params.id }));
    res.status(204).end();
  });
}
