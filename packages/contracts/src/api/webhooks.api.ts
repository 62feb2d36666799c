import { z } from 'zod';
import { EventNameSchema } from '../events';
import { listOf, PageQuerySchema } from '../lists';
import {
  CreateWebhookEndpointSchema,
  UpdateWebhookEndpointSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from '../webhooks';
import {
  AuditEventSchema,
  AuditPageSchema,
  AuditQuerySchema,
  AuditVerificationSchema,
  AuditVerifyQuerySchema,
} from '../audit';
import { CreateExportSchema, ExportListQuerySchema, ExportPageSchema, ExportSchema } from '../exports';
import { declareRoutes } from './bound-route';
import { webhooksCodes } from './webhooks.errors';

const { spec, added } = declareRoutes('webhooks');

/** The webhooks service's routes with their wire shapes. */
export const WEBHOOKS_API = {
  // Outbound webhooks
  listEventNames: spec('GET', '/webhooks/events', 'webhooks.manage', 200, {
    response: z.object({ data: z.array(EventNameSchema) }),
  }),
  listEndpoints: spec('GET', '/webhooks', 'webhooks.manage', 200, {
    query: PageQuerySchema,
    response: listOf(WebhookEndpointSchema),
  }),
  createEndpoint: spec('POST', '/webhooks', 'webhooks.manage', 201, {
    body: CreateWebhookEndpointSchema,
    response: WebhookEndpointWithSecretSchema,
    secretFields: ['secret'],
    errors: webhooksCodes('webhook_url_not_https', 'webhook_url_private_address', 'webhook_url_unresolvable'),
  }),
  updateEndpoint: spec('PATCH', '/webhooks/{id}', 'webhooks.manage', 200, {
    body: UpdateWebhookEndpointSchema,
    response: WebhookEndpointSchema,
    errors: webhooksCodes('webhook_url_not_https', 'webhook_url_private_address', 'webhook_url_unresolvable'),
  }),
  deleteEndpoint: spec('DELETE', '/webhooks/{id}', 'webhooks.manage', 204, { response: null }),
  rotateSecret: spec('POST', '/webhooks/{id}/rotate-secret', 'webhooks.manage', 201, {
    response: WebhookEndpointWithSecretSchema,
    secretFields: ['secret'],
  }),
  listDeliveries: spec('GET', '/webhooks/{id}/deliveries', 'webhooks.manage', 200, {
    query: PageQuerySchema,
    response: listOf(WebhookDeliverySchema),
  }),
  replayDelivery: spec('POST', '/webhooks/deliveries/{deliveryId}/replay', 'webhooks.manage', 201, {
    response: WebhookDeliverySchema,
    errors: webhooksCodes('delivery_not_failed', 'webhook_endpoint_disabled'),
  }),
  // The audit trail (issue #41): the spec names `audit.read` and shows no route. It lives beside the
  // events partners already read here (services/webhooks/README.md says why).
  listAuditEvents: added('GET', '/audit-events', 'audit.read', 200, {
    query: AuditQuerySchema,
    response: AuditPageSchema,
  }),
  verifyAuditChain: added('GET', '/audit-events/verify', 'audit.read', 200, {
    query: AuditVerifyQuerySchema,
    response: AuditVerificationSchema,
  }),
  getAuditEvent: added('GET', '/audit-events/{id}', 'audit.read', 200, { response: AuditEventSchema }),
  // Exports (issue #41): the spec names `export.run` and shows no route. The jobs live beside the
  // audit trail, the one resource kept here; each resource's rows are read from the service that
  // keeps it (services/webhooks/README.md). Creating one also needs the resource's read permission.
  createExport: added('POST', '/exports', 'export.run', 202, { body: CreateExportSchema, response: ExportSchema }),
  listExports: added('GET', '/exports', 'export.run', 200, {
    query: ExportListQuerySchema,
    response: ExportPageSchema,
  }),
  getExport: added('GET', '/exports/{id}', 'export.run', 200, { response: ExportSchema }),
  cancelExport: added('POST', '/exports/{id}/cancel', 'export.run', 201, {
    response: ExportSchema,
    errors: webhooksCodes('export_not_cancellable'),
  }),
};
