import { baseServiceEnv } from '@stockyard/service-kit';
import { z } from 'zod';

export const configSchema = baseServiceEnv.extend({
  /** Purchasing's base URL: purchase orders and their lines (matching, landed-cost bases, the summary). */
  PURCHASING_URL: z.string().url().default('http://127.0.0.1:8082'),
  /** The catalog's base URL: vendors (sources: name, currency, payment terms) and variants (SKU, weight). */
  CATALOG_URL: z.string().url().default('http://127.0.0.1:8081'),
  /** Inventory's base URL: stock on hand (the landed-cost summary's on-hand / sold split). */
  INVENTORY_URL: z.string().url().default('http://127.0.0.1:8085'),
  /** The gateway's base URL: the organization's settings (workflow, accounting push, match tolerance). */
  GATEWAY_URL: z.string().url().default('http://127.0.0.1:8080'),
  /** How long a call to a peer may take before its route answers 503 `dependency_unavailable`. */
  PEER_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
});
export type Config = ReturnType<typeof configSchema.parse>;
