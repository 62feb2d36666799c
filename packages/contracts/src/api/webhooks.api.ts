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
import { apiRoute } from './bound-route';
import { webhooksCodes } from './webhooks.errors';

/** The webhooks service's routes with their wire shapes. */
export const WEBHOOKS_API = {
  listEventNames: apiRoute('GET', '/webhooks/events', { response: z.object({ data: z.array(EventNameSchema) }) }),
  listEndpoints: apiRoute('GET', '/webhooks', { query: PageQuerySchema, response: listOf(WebhookEndpointSchema) }),
  createEndpoint: apiRoute('POST', '/webhooks', {
    body: CreateWebhookEndpointSchema,
    response: WebhookEndpointWithSecretSchema,
    secretFields: ['secret'],
    errors: webhooksCodes('webhook_url_not_https', 'webhook_url_private_address', 'webhook_url_unresolvable'),
  }),
  updateEndpoint: apiRoute('PATCH', '/webhooks/{id}', {
    body: UpdateWebhookEndpointSchema,
    response: WebhookEndpointSchema,
    errors: webhooksCodes('webhook_url_not_https', 'webhook_url_private_address', 'webhook_url_unresolvable'),
  }),
  deleteEndpoint: apiRoute('DELETE', '/webhooks/{id}', { response: null }),
  rotateSecret: apiRoute('POST', '/webhooks/{id}/rotate-secret', {
    response: WebhookEndpointWithSecretSchema,
    secretFields: ['secret'],
  }),
  listDeliveries: apiRoute('GET', '/webhooks/{id}/deliveries', {
    query: PageQuerySchema,
    response: listOf(WebhookDeliverySchema),
  }),
  replayDelivery: apiRoute('POST', '/webhooks/deliveries/{deliveryId}/replay', {
    response: WebhookDeliverySchema,
    errors: webhooksCodes('delivery_not_failed', 'webhook_endpoint_disabled'),
  }),
};
