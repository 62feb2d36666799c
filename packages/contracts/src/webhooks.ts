import { z } from 'zod';
import { EventNameSchema } from './events';

export const CreateWebhookEndpointSchema = z
  .object({
    url: z.string().url().max(2048),
    events: z.array(EventNameSchema).min(1).max(EventNameSchema.options.length),
  })
  .strict();
export type CreateWebhookEndpoint = z.infer<typeof CreateWebhookEndpointSchema>;

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Failed deliveries in a row; 5 disable the endpoint, a success resets it. */
  consecutiveFailures: z.number().int().min(0),
  /** Set when the endpoint was disabled automatically; cleared on re-enable. */
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** Returned by create and rotate-secret only: the one time the secret is shown. */
export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({
  secret: z.string().startsWith('whsec_'),
});

/** PATCH /webhooks/{id}: any of the three; `enabled: true` also resets the failure count. */
export const UpdateWebhookEndpointSchema = z
  .object({
    url: z.string().url().max(2048),
    events: z.array(EventNameSchema).min(1).max(EventNameSchema.options.length),
    enabled: z.boolean(),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'at least one of url, events, enabled' });
export type UpdateWebhookEndpoint = z.infer<typeof UpdateWebhookEndpointSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookAttemptSchema = z.object({
  number: z.number().int().min(1),
  at: z.string(),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number(),
  error: z.string().nullable(),
  /** The first KB of the receiver's answer. */
  responseBody: z.string().nullable(),
});

/** One entry of GET /webhooks/{id}/deliveries. */
export const WebhookDeliverySchema = z.object({
  id: z.string().startsWith('dlv_'),
  endpointId: z.string(),
  eventId: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attemptCount: z.number().int().min(0),
  attempts: z.array(WebhookAttemptSchema),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
