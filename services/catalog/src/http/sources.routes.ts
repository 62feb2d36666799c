import type { Router } from 'express';
import {
  CreateSourceSchema,
  PageQuerySchema,
  SourceListQuerySchema,
  SourceSkuListQuerySchema,
  UpdateSourceSchema,
  UpdateSourceSkuSchema,
  UpsertSourceSkusSchema,
} from '@stockyard/contracts';
import { bodyOf, orgIdOf, queryOf } from '@stockyard/service-kit';
import { sourceView } from '../domain/source';
import { sourceSkuView } from '../domain/source-sku';
import type { CatalogDeps } from '../deps';

type Params = { id: string; skuId: string };

/** Source channels (suppliers) and their SKUs. */
export function sourcesRoutes(router: Router, { sources, sourceSkus }: CatalogDeps): void {
  router.get('/sources', async (req, res) => {
    const { includeDeleted } = queryOf(req, SourceListQuerySchema);
    const list = await sources.sources.list(orgIdOf(req), includeDeleted, queryOf(req, PageQuerySchema));
    res.json({ ...list, data: list.data.map(sourceView) });
  });
  router.post('/sources', async (req, res) => {
    res.status(201).json(sourceView(await sources.create(orgIdOf(req), bodyOf(req, CreateSourceSchema))));
  });
  router.get('/sources/:id', async (req, res) => {
    res.json(sourceView(await sources.sources.get(orgIdOf(req), req.params.id)));
  });
  router.patch('/sources/:id', async (req, res) => {
    res.json(sourceView(await sources.update(orgIdOf(req), req.params.id, bodyOf(req, UpdateSourceSchema))));
  });
  router.delete('/sources/:id', async (req, res) => {
    await sources.delete(orgIdOf(req), req.params.id);
    res.status(204).end();
  });

  router.get('/sources/:id/skus', async (req, res) => {
    const filter = queryOf(req, SourceSkuListQuerySchema);
    const list = await sourceSkus.list(orgIdOf(req), req.params.id, filter, queryOf(req, PageQuerySchema));
    res.json({ ...list, data: list.data.map(sourceSkuView) });
  });
  router.post('/sources/:id/skus', async (req, res) => {
    const result = await sourceSkus.upsert(orgIdOf(req), req.params.id, bodyOf(req, UpsertSourceSkusSchema).skus);
    res.json({ ...result, data: result.data.map(sourceSkuView) });
  });
  router.patch('/sources/:id/skus/:skuId', async (req, res) => {
    const { id, skuId } = req.params as Params;
    res.json(sourceSkuView(await sourceSkus.update(orgIdOf(req), id, skuId, bodyOf(req, UpdateSourceSkuSchema))));
  });
  router.delete('/sources/:id/skus/:skuId', async (req, res) => {
    const { id, skuId } = req.params as Params;
    await sourceSkus.delete(orgIdOf(req), id, skuId);
    res.status(204).end();
  });
}
