import { baseServiceEnv } from '@stockyard/service-kit';
import { z } from 'zod';
import { channelsEnv } from './channels.config';

export const configSchema = baseServiceEnv.extend({
  /** Inventory's base URL, for its internal reads (stock on hand before a conversion). */
  INVENTORY_URL: z.string().url().default('http://127.0.0.1:8085'),
  /**
   * The orders service's base URL: open holds of variants (a conversion to a type that holds no
   * stock). Unset: no variant has open holds (the catalog run alone, its own tests).
   */
  ORDERS_URL: z.string().url().optional(),
  /** How long a call to a peer may take before its route answers 503 `dependency_unavailable`. */
  PEER_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  /** Products one call of `DELETE /products/bulk` `all` or `POST /products/bulk-restore` `all`/range takes. */
  BULK_PAGE_PRODUCTS: z.coerce.number().int().min(1).max(10_000).default(500),
  /** How long GET /products/data-health waits for a report it started before answering the previous one. */
  DATA_HEALTH_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /**
   * How often the default variant sweep decides the defaults kept because a peer did not answer
   * (its first pass, at start, also runs the one-off migration); 0: never, migration included.
   */
  DEFAULT_VARIANT_SWEEP_MS: z.coerce.number().int().min(0).default(60_000),
  ...channelsEnv,
});
export type Config = ReturnType<typeof configSchema.parse>;
