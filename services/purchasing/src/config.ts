import { baseServiceEnv } from '@stockyard/service-kit';
import { z } from 'zod';

export const configSchema = baseServiceEnv.extend({
  /** The catalog's base URL: suppliers (sources), their offers and variants. */
  CATALOG_URL: z.string().url().default('http://127.0.0.1:8081'),
  /** Inventory's base URL: warehouses, and the receipts' stock. */
  INVENTORY_URL: z.string().url().default('http://127.0.0.1:8085'),
  /** How long a call to a peer may take before its route answers 503 `dependency_unavailable`. */
  PEER_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  /** How often pending receipts (inventory away, a crash between the steps) are applied again. */
  RECEIPT_SWEEP_MS: z.coerce.number().int().positive().default(5000),
  /** A pending receipt younger than this is left to the request that recorded it. */
  RECEIPT_GRACE_MS: z.coerce.number().int().nonnegative().default(10_000),
});
export type Config = ReturnType<typeof configSchema.parse>;
