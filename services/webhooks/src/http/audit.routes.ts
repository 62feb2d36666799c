import type { Router } from 'express';
import { WEBHOOKS_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { AuditGiven } from '../deps';
import { auditEventView } from '../domain/audit-event-view';

export function auditRoutes(router: Router, { reads }: AuditGiven): void {
  bindRoute(router, WEBHOOKS_API.listAuditEvents, async ({ orgId, query }) => {
    const { data, limit, next } = await reads.list(orgId, query);
    return { data: data.map(auditEventView), limit, next };
  });

  // Before `/audit-events/{id}`, which would take `verify` for an id.
  bindRoute(router, WEBHOOKS_API.verifyAuditChain, ({ orgId, query }) => reads.verify(orgId, query));

  bindRoute(router, WEBHOOKS_API.getAuditEvent, async ({ orgId, params }) =>
    auditEventView(await reads.get(orgId, params.id)),
  );
}
