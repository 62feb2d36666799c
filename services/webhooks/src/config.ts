import { z } from 'zod';
import { EXPORT_ROWS_MAX } from '@stockyard/contracts';
import { baseServiceEnv } from '@stockyard/service-kit';
import { hostAllowlist } from '@stockyard/service-kit/net';
import { s3Env } from '@stockyard/service-kit/objects';
import { secretKeysSetting } from './secrets/secret-keys';

export const configSchema = baseServiceEnv.extend({
  /**
   * Hosts exempt from the HTTPS and public-address rules, for tests and local
   * development only (for example `127.0.0.1,localhost`). Empty in production.
   */
  WEBHOOK_URL_ALLOWLIST: hostAllowlist(),
  /** Keys endpoint signing secrets are encrypted with, `<id>:<base64 32 bytes>,…`; the first encrypts. */
  WEBHOOK_SECRET_KEYS: secretKeysSetting(),
  /** Seconds between attempts, comma-separated; its length + 1 is the attempt count. */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default('60,300,1800,7200,21600,54000,86400')
    .transform((s, ctx) => {
      const steps = s.split(',').map((step) => (step.trim() === '' ? NaN : Number(step)));
      if (steps.some((n) => !Number.isFinite(n) || n < 0)) {
        ctx.addIssue({ code: 'custom', message: 'must be comma-separated seconds' });
        return z.NEVER;
      }
      return steps;
    }),
  /** Each wait is spread by up to this fraction either way (0.1: ±10 %). */
  WEBHOOK_RETRY_JITTER: z.coerce.number().min(0).max(1).default(0.1),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Retries and replays in flight per process (first attempts are bounded by the consumer's prefetch). */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().positive().default(32),
  /** How often the worker scans the store for due deliveries it was not handed (see README). */
  WEBHOOK_POLL_MS: z.coerce.number().int().positive().default(1000),
  /**
   * A claim lasts the timeout plus this margin; a crashed worker's delivery is retried
   * once it runs out. Tests shorten it to see a takeover quickly.
   */
  WEBHOOK_LEASE_MARGIN_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * A new delivery's first POST is awaited this long before the delivery is stored: a
   * receiver answering within it costs one insert (see README, "Delivery path").
   */
  WEBHOOK_INLINE_MS: z.coerce.number().int().nonnegative().default(1000),
  /**
   * Days the dispatcher remembers which events it accepted for each endpoint: a copy of
   * an event (a producer's re-publication, a redelivery) within them is never sent again.
   */
  WEBHOOK_DISPATCH_MEMORY_DAYS: z.coerce.number().positive().default(7),
  /** A deleted endpoint's deliveries removed per pass (the request makes one, the background the rest). */
  WEBHOOK_CASCADE_PAGE: z.coerce.number().int().positive().default(1000),
  /** How often each process looks for deleted endpoints whose deliveries are not all removed yet. */
  WEBHOOK_CASCADE_SWEEP_MS: z.coerce.number().int().positive().default(10_000),
  /** Exports' files: a bucket of their own (created at start when missing). */
  ...s3Env('stockyard-exports'),
  /** The services whose rows an export reads (their `/internal/v1/export-rows`). */
  CATALOG_URL: z.string().url().default('http://127.0.0.1:8081'),
  PURCHASING_URL: z.string().url().default('http://127.0.0.1:8082'),
  INVOICING_URL: z.string().url().default('http://127.0.0.1:8083'),
  ORDERS_URL: z.string().url().default('http://127.0.0.1:8084'),
  INVENTORY_URL: z.string().url().default('http://127.0.0.1:8085'),
  /** The gateway's internal API: each organization's audit retention (its settings). */
  GATEWAY_URL: z.string().url().default('http://127.0.0.1:8080'),
  /** How long one page of an export's rows may take from its owner (a page of 1,000 orders with lines). */
  PEER_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** How often each process looks for an export to run (0: never; tests call the worker themselves). */
  EXPORT_POLL_MS: z.coerce.number().int().nonnegative().default(1000),
  /** A worker's claim on a job; renewed after every page, taken over once it runs out (a replica died). */
  EXPORT_LEASE_MS: z.coerce.number().int().min(100).default(60_000),
  /** Rows read from the owner per page (its internal route takes at most 1,000). */
  EXPORT_PAGE_ROWS: z.coerce.number().int().min(1).max(EXPORT_ROWS_MAX).default(EXPORT_ROWS_MAX),
  /** The first wait before a page is asked again of an owner that is away; doubled for each of 3 retries. */
  EXPORT_RETRY_MS: z.coerce.number().int().nonnegative().default(1000),
  /**
   * Days a completed export's file is kept after it finished, then removed and the job `expired`
   * (fractions allowed: tests keep files seconds). At most 90: a partner downloads within the week.
   */
  EXPORT_KEEP_DAYS: z.coerce.number().positive().max(90).default(7),
  /** How often each process removes the files of exports past EXPORT_KEEP_DAYS (0: never; tests tick). */
  EXPORT_EXPIRY_SWEEP_MS: z.coerce.number().int().nonnegative().default(3_600_000),
  /** How often each process removes audit entries past their organization's retention (0: never; tests tick). */
  AUDIT_RETENTION_SWEEP_MS: z.coerce.number().int().nonnegative().default(3_600_000),
  /** Entries removed per delete by that sweep, oldest first. */
  AUDIT_RETENTION_BATCH: z.coerce.number().int().positive().default(1000),
});
export type Config = z.infer<typeof configSchema>;
