import type { Router } from 'express';
import { ImportFromUrlSchema, PageQuerySchema } from '@stockyard/contracts';
import { bodyOf, orgIdOf, queryOf } from '@stockyard/service-kit';
import { importJobView } from '../domain/import-job';
import { unsupportedImportBody } from '../domain/import.errors';
import type { CatalogDeps } from '../deps';

/**
 * Supplier feed imports. A CSV body is not parsed by the app's JSON middleware (it reads
 * application/json only): the request stream itself is staged chunk by chunk, never whole,
 * read through `bodyStream()` so an Idempotency-Key compares its bytes.
 */
export function importsRoutes(router: Router, { imports }: CatalogDeps): void {
  router.post('/sources/:id/imports', async (req, res) => {
    const orgId = orgIdOf(req);
    const job = req.is(['text/csv', 'application/csv'])
      ? await imports.upload(orgId, req.params.id, req.bodyStream())
      : req.is('application/json')
        ? await imports.fromUrl(orgId, req.params.id, bodyOf(req, ImportFromUrlSchema).url)
        : unsupported();
    res.status(202).location(`/api/v1/sources/imports/${job.id}`).json(importJobView(job));
  });
  router.get('/sources/:id/imports', async (req, res) => {
    const list = await imports.list(orgIdOf(req), req.params.id, queryOf(req, PageQuerySchema));
    res.json({ ...list, data: list.data.map(importJobView) });
  });
  router.get('/sources/imports/:jobId', async (req, res) => {
    res.json(importJobView(await imports.get(orgIdOf(req), req.params.jobId)));
  });
}

const unsupported = (): never => {
  throw unsupportedImportBody();
};
