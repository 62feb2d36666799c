import type { Router } from 'express';
import { WEBHOOKS_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { ExportsGiven } from '../deps';
import { exportView } from '../domain/export-view';

export function exportsRoutes(router: Router, { commands, queries }: ExportsGiven): void {
  bindRoute(router, WEBHOOKS_API.createExport, async ({ orgId, body, req }) => {
    // The kit verified the identity (orgIdOf refuses a request without one).
    const identity = req.identity;
    const caller = {
      keyId: identity?.keyId ?? '',
      actor: identity?.actor ?? null,
      permissions: identity?.permissions ?? [],
    };
    return exportView(await commands.create(orgId, body, caller), null);
  });

  bindRoute(router, WEBHOOKS_API.listExports, async ({ orgId, query }) => {
    const { data, limit, next } = await queries.list(orgId, query);
    return { data: data.map(({ job, download }) => exportView(job, download)), limit, next };
  });

  bindRoute(router, WEBHOOKS_API.getExport, async ({ orgId, params }) => {
    const { job, download } = await queries.get(orgId, params.id);
    return exportView(job, download);
  });

  bindRoute(router, WEBHOOKS_API.cancelExport, async ({ orgId, params }) =>
    exportView(await commands.cancel(orgId, params.id), null),
  );
}
