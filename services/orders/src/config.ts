import { baseServiceEnv } from '@stockyard/service-kit';
import { hostAllowlist } from '@stockyard/service-kit/net';
import { z } from 'zod';

const ms = (min: number, fallback: number) => z.coerce.number().int().min(min).default(fallback);

export const configSchema = baseServiceEnv.extend({
  /** The catalog's base URL: sales channels (and their feeds), variants by id and SKU. */
  CATALOG_URL: z.string().url().default('http://127.0.0.1:8081'),
  /** Inventory's base URL: available stock of assemblies (blocked on build). */
  INVENTORY_URL: z.string().url().default('http://127.0.0.1:8085'),
  /** Purchasing's base URL: a linked hold's expected date (the purchase order's). */
  PURCHASING_URL: z.string().url().default('http://127.0.0.1:8082'),
  /** How long a call to a peer may take before its route answers 503 `dependency_unavailable`. */
  PEER_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  /**
   * How long a batch of hold moves may take at inventory (its reserves, releases, deducts). Longer than
   * a read's: every move is keyed, so waiting moves nothing twice, and a busy inventory finishing them
   * beats a 503 the partner retries (the gateway gives up at 30 s).
   */
  STOCK_MOVES_TIMEOUT_MS: ms(100, 20_000),
  /** How long a channel read from the catalog is used again (a push a second reads it once; 0: every time). */
  CHANNEL_CACHE_MS: ms(0, 2000),
  /** How often each process looks for HTTP_FEED channels due a poll (0: never; tests and `npm start` keep it on). */
  FEED_POLL_MS: ms(0, 60_000),
  /** How long a process's claim on a channel's poll lasts; a crashed poller's channel is taken over after it. */
  FEED_LEASE_MS: ms(1000, 60_000),
  /** A failing feed is tried again after this, doubled per failure in a row, up to FEED_BACKOFF_MAX_MS. */
  FEED_BACKOFF_MS: ms(100, 30_000),
  FEED_BACKOFF_MAX_MS: ms(100, 3_600_000),
  /** Feed pages one poll of a channel reads at most (the rest on the next poll). */
  FEED_MAX_PAGES: ms(1, 20),
  /** A feed request gives up after this long. */
  FEED_FETCH_TIMEOUT_MS: ms(100, 15_000),
  /**
   * Hosts exempt from the feed URL rules (HTTPS, public addresses only): tests and local
   * development only (`127.0.0.1:<port>`). Empty in production.
   */
  FEED_URL_ALLOWLIST: hostAllowlist(),
  /** How often each process finishes hold moves left in flight (a crash, inventory away); 0: never. */
  HOLD_SWEEP_MS: ms(0, 5_000),
  /** A hold move older than this is the sweep's (a request still running its move is younger). */
  HOLD_STUCK_MS: ms(0, 10_000),
});
export type Config = ReturnType<typeof configSchema.parse>;
