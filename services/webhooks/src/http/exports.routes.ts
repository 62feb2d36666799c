import type { Request, Router } from 'express';
import { WEBHOOKS_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { ExportsGiven } from '../deps';
import { exportView } from '../domain/export-view';

/** The permissions of the request's signed identity (the kit verified it: orgIdOf refuses a request without one). */
const permissionsOf = (req: Request): readonly string[] => req.identity?.permissions ?? [];

export function exportsRoutes(router: Router, { commands, queries }: ExportsGiven): void {
  bindRoute(router, WEBHOOKS_API.createExport, async ({ orgId, body, req }) => {
    const identity = req.identity;
    const caller = { keyId: identity?.keyId ?? '', actor: identity?.actor ?? null, permissions: permissionsOf(req) };
    return exportView(await commands.create(orgId, body, caller));
  });

  // A file's URL only to a key that may read its resource now (README, Exports): checked at each read.
  bindRoute(router, WEBHOOKS_API.listExports, async ({ orgId, query, req }) => {
    const { data, limit, next } = await queries.list(orgId, query, permissionsOf(req));
    return { data: data.map(({ job, file }) => exportView(job, file)), limit, next };
  });

  bindRoute(router, WEBHOOKS_API.getExport, async ({ orgId, params, req }) => {
    const { job, file } = await queries.get(orgId, params.id, permissionsOf(req));
    return exportView(job, file);
  });

  bindRoute(router, WEBHOOKS_API.cancelExport, async ({ orgId, params }) =>
    exportView(await commands.cancel(orgId, params.id)),
  );
}
