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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** Returned by create and rotate-secret only: the one time the secret is shown. */
export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({
  secret: z.string().startsWith('whsec_'),
});
