import { z } from 'zod';
import { SERVICES } from '@stockyard/contracts';
import { baseServiceEnv } from '@stockyard/service-kit';
import { DEFAULT_BUDGET } from './auth/attempt-budget';
import { DEFAULT_REFUSAL_MS } from './auth/refusal-timer';

const url = z.string().url();

/** A service's replicas: one URL, or several separated by commas. */
export const urlList = (value: string): string[] =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

const upstream = z
  .string()
  .refine(
    (value) => urlList(value).length > 0 && urlList(value).every((part) => url.safeParse(part).success),
    'must be a URL, or URLs separated by commas',
  );

export const configSchema = baseServiceEnv.extend({
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL'),
  /** Prefix of every Redis key and channel the gateway uses (tests isolate themselves with it). */
  REDIS_PREFIX: z.string().min(1).default('stockyard:'),
  CATALOG_URL: upstream,
  PURCHASING_URL: upstream,
  INVOICING_URL: upstream,
  ORDERS_URL: upstream,
  INVENTORY_URL: upstream,
  WEBHOOKS_URL: upstream,
  /**
   * Set only by `npm run dev -- <service>` (scripts/dev.ts): the one service it started. The other
   * services' routes then answer 503 `upstream_unavailable` saying they are not running and how to start them.
   */
  DEV_SERVICE: z.enum(SERVICES).exclude(['gateway']).optional(),
  /** How long a call to a service's internal API may take before the route answers 503 `dependency_unavailable`. */
  PEER_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Kept-alive sockets per service. */
  UPSTREAM_CONNECTIONS: z.coerce.number().int().positive().default(128),
  /** Requests that may wait for a socket to a service before the gateway answers 503 upstream_busy. */
  UPSTREAM_MAX_QUEUED: z.coerce.number().int().nonnegative().default(512),
  /** Largest request body, proxied or not (the services accept 1 MB JSON too); a route's larger maxBodyBytes wins. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** How often remembered lastUsedAt times are written to the database. */
  LAST_USED_FLUSH_MS: z.coerce.number().int().positive().default(10_000),
  /** How long a verified key record is trusted before it is re-read (revocation fallback). */
  KEY_REFRESH_MS: z.coerce.number().int().positive().default(1000),
  /** The least time any refusal of a well-formed key takes (it grows with scrypt's; README: Verification cost). */
  AUTH_REFUSAL_MS: z.coerce.number().int().nonnegative().default(DEFAULT_REFUSAL_MS),
  /** Unverified attempts per key id at once, then one more per AUTH_KEY_REFILL_MS. */
  AUTH_KEY_BURST: z.coerce.number().int().positive().default(DEFAULT_BUDGET.keyBurst),
  AUTH_KEY_REFILL_MS: z.coerce.number().int().positive().default(DEFAULT_BUDGET.keyRefillMs),
  /** Unverified attempts per client address at once, then one more per AUTH_CLIENT_REFILL_MS. */
  AUTH_CLIENT_BURST: z.coerce.number().int().positive().default(DEFAULT_BUDGET.clientBurst),
  AUTH_CLIENT_REFILL_MS: z.coerce.number().int().positive().default(DEFAULT_BUDGET.clientRefillMs),
});
export type Config = z.infer<typeof configSchema>;
