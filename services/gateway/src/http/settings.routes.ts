import { Router } from 'express';
import { GATEWAY_API, INTERNAL_ROUTES } from '@stockyard/contracts';
import { bindInternal, bindRoute } from '@stockyard/service-kit';
import type { OrganizationRepository } from '../store/organization.repository';

/** GET / PATCH /api/v1/settings for partners (the caller's own organization). */
export function settingsRoutes(orgs: OrganizationRepository): Router {
  const router = Router();
  bindRoute(router, GATEWAY_API.getSettings, ({ orgId }) => orgs.settings(orgId));
  bindRoute(router, GATEWAY_API.updateSettings, ({ orgId, body }) => orgs.updateSettings(orgId, body));
  return router;
}

/**
 * GET /internal/v1/settings for services (invoicing reads `invoiceWorkflow`, webhooks `auditRetentionDays`): they call
 * it with a signed identity of the organization, as the gateway signs for them.
 */
export function internalSettingsRoutes(orgs: OrganizationRepository): Router {
  const router = Router();
  bindInternal(router, INTERNAL_ROUTES.gatewaySettings, ({ orgId }) => orgs.settings(orgId));
  return router;
}
