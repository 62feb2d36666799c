import { baseServiceEnv } from '@stockyard/service-kit';
import { z } from 'zod';

export const configSchema = baseServiceEnv.extend({
  /** The catalog's base URL, for its internal variant read (a variant the read model has not heard of yet). */
  CATALOG_URL: z.string().url().default('http://127.0.0.1:8081'),
  /** Purchasing's base URL, for what is on order (the reorder suggestions' `incoming`). */
  PURCHASING_URL: z.string().url().default('http://127.0.0.1:8082'),
  /** How long a call to a peer may take before its route answers 503 `dependency_unavailable`. */
  PEER_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  /**
   * How often the backfill of older variant copies' product and categories runs again while it has not
   * finished (the catalog was away); it runs at start, and once finished only reads its record at start.
   */
  VARIANT_BACKFILL_MS: z.coerce.number().int().positive().default(30_000),
  /** How often the valuation ledger's ended days are closed ahead of the reports (store/valuation-closer.ts). */
  VALUATION_CLOSE_MS: z.coerce.number().int().positive().default(300_000),
  /** How often the reports' snapshots (aging, groupings) are checked and built again when many records changed. */
  SNAPSHOT_REFRESH_MS: z.coerce.number().int().positive().default(300_000),
});
export type Config = ReturnType<typeof configSchema.parse>;
