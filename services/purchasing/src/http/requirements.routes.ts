import { PURCHASING_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { Router } from 'express';
import type { PurchaseOrdersGiven } from '../deps';

/** Orders from reorder requirements (commands/requirements-commands.ts). */
export function requirementsRoutes(router: Router, { requirements }: PurchaseOrdersGiven): void {
  bindRoute(router, PURCHASING_API.bulkFromRequirements, async ({ orgId, body }) => requirements.run(orgId, body));
}
