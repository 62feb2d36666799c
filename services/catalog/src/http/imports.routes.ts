import type { Request, Response, Router } from 'express';
import { CATALOG_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import { importJobView } from '../domain/import-job';
import { unsupportedImportBody } from '../domain/import.errors';
import type { SourcesAndImportsGiven } from '../deps';

/**
 * Supplier feed imports. A CSV body is not parsed by the app's JSON middleware (it reads
 * application/json only): the request stream itself is staged chunk by chunk, never whole,
 * read through `bodyStream()` so an Idempotency-Key compares its bytes. The row has no body
 * schema for that reason; a JSON body is read by `ImportFromUrlSchema` here.
 */
export function importsRoutes(router: Router, { imports }: SourcesAndImportsGiven): void {
  bindRoute(router, CATALOG_API.startImport, async ({ orgId, params, body, req, res }) => {
    const job = req.is(['text/csv', 'application/csv'])
      ? await upload(req, res, () =>
          imports.upload(orgId, params.id, req.bodyStream(), {
            requestId: req.requestId,
            clientGone: () => clientGone(req),
          }),
        )
      : body
        ? await imports.fromUrl(orgId, params.id, body.url)
        : unsupported();
    res.location(`/api/v1/sources/imports/${job.id}`);
    return importJobView(job);
  });
  bindRoute(router, CATALOG_API.listImports, async ({ orgId, params, query: page }) => {
    const list = await imports.list(orgId, params.id, page);
    return { ...list, data: list.data.map(importJobView) };
  });
  bindRoute(router, CATALOG_API.getImport, async ({ orgId, params }) =>
    importJobView(await imports.get(orgId, params.jobId)),
  );
}

/**
 * A CSV upload. A refused one is answered once its body has been read (the command drops the
 * rest); a body it left unread (past IMPORT_MAX_BYTES) gets `Connection: close`, so the
 * connection is not reused with those bytes still coming.
 */
async function upload<T>(req: Request, res: Response, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (err) {
    if (!req.bodyStream().readableEnded) res.setHeader('Connection', 'close');
    throw err;
  }
}

/** The client closed the connection before its body ended (Node then destroys the request). */
const clientGone = (req: Request): boolean => !req.complete && (req.destroyed || req.socket.destroyed);

const unsupported = (): never => {
  throw unsupportedImportBody();
};
