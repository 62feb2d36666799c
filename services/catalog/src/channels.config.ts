import { hostAllowlist } from '@stockyard/service-kit/net';
import { z } from 'zod';

const int = (min: number, fallback: number) => z.coerce.number().int().min(min).default(fallback);

/** The channels and sources side's settings (issue #18), part of the catalog's config. */
export const channelsEnv = {
  /**
   * Hosts exempt from the feed URL rules (HTTPS, public addresses only) for HTTP_FEED channels
   * and URL imports: tests and local development only (`127.0.0.1,localhost`). Empty in production.
   */
  FEED_URL_ALLOWLIST: hostAllowlist(),
  /** Feed rows applied per batch (one checkpoint each). */
  IMPORT_BATCH_ROWS: int(1, 1000),
  /** How long a worker's claim on a job lasts without a heartbeat; a crashed worker's job resumes after it. */
  IMPORT_LEASE_MS: int(1000, 30_000),
  /** How often each process looks for jobs nobody holds (queued, or their worker gone). */
  IMPORT_SWEEP_MS: int(100, 5_000),
  /** Largest feed, uploaded or fetched. */
  IMPORT_MAX_BYTES: int(1, 512 * 1024 * 1024),
  /** A feed fetch gives up when the server sends nothing for this long. */
  FEED_FETCH_TIMEOUT_MS: int(100, 30_000),
};
export type ChannelsConfig = { [K in keyof typeof channelsEnv]: z.output<(typeof channelsEnv)[K]> };
