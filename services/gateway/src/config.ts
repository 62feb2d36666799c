import { z } from 'zod';
import { baseServiceEnv } from '@stockyard/service-kit';

const url = z.string().url();

export const configSchema = baseServiceEnv.extend({
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL'),
  CATALOG_URL: url,
  PURCHASING_URL: url,
  INVOICING_URL: url,
  ORDERS_URL: url,
  INVENTORY_URL: url,
  WEBHOOKS_URL: url,
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
});
export type Config = z.infer<typeof configSchema>;
