import type { Router } from 'express';
import { CreateCategorySchema, PageQuerySchema, UpdateCategorySchema } from '@stockyard/contracts';
import { bodyOf, orgIdOf, queryOf } from '@stockyard/service-kit';
import type { CatalogDeps } from '../deps';

export function categoriesRoutes(router: Router, { categories, categoryCommands, productQueries }: CatalogDeps): void {
  router.get('/categories', async (req, res) => {
    res.json(await categories.list(orgIdOf(req), queryOf(req, PageQuerySchema)));
  });
  router.post('/categories', async (req, res) => {
    res.status(201).json(await categories.create(orgIdOf(req), bodyOf(req, CreateCategorySchema)));
  });
  router.get('/categories/:id', async (req, res) => {
    res.json(await categories.get(orgIdOf(req), req.params.id));
  });
  router.patch('/categories/:id', async (req, res) => {
    const orgId = orgIdOf(req);
    res.json(await categoryCommands.update(orgId, req.params.id, bodyOf(req, UpdateCategorySchema)));
  });
  router.delete('/categories/:id', async (req, res) => {
    const orgId = orgIdOf(req);
    const id = req.params.id;
    await categories.delete(orgId, id, () => productQueries.countUsing(orgId, { categoryId: id }));
    res.status(204).end();
  });
}
