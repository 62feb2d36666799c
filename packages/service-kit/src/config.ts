import { z } from 'zod';
import { DEFAULT_EXCHANGE } from './events/broker';

/** Environment every service reads. Services extend it with their own keys. */
export const baseServiceEnv = z.object({
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a port number')
    .transform(Number)
    .pipe(z.number().max(65535)),
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL'),
  MONGO_DB: z.string().regex(/^[A-Za-z0-9_-]{1,63}$/, 'must be a database name'),
  AMQP_URL: z.string().regex(/^amqps?:\/\//, 'must be an amqp:// URL'),
  EVENTS_EXCHANGE: z.string().min(1).default(DEFAULT_EXCHANGE),
  IDENTITY_SECRET: z.string().min(32, 'must be at least 32 characters'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** JSON lines (`json`, for machines), or `pretty` for a person (`npm start`, `npm run dev`). */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  /**
   * How often the outbox relay sweeps for unpublished events while it has reason to
   * (start-up, failures, dropped kicks, work found, or not eager); otherwise every 30 s.
   */
  OUTBOX_INTERVAL_MS: z.coerce.number().int().positive().default(1000),
  /**
   * How long events already published may stay on a document written through the relay's
   * `prepareWrite`, waiting for its next write to take them off, before the relay clears them.
   */
  OUTBOX_FOLD_MS: z.coerce.number().int().positive().default(5000),
  /** Where `/metrics` is served, on a port of its own (k8s: 9464); unset, it is not served. */
  METRICS_PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a port number')
    .transform(Number)
    .pipe(z.number().max(65535))
    .optional(),
  /**
   * How long the process keeps serving after SIGTERM with `/readyz` answering 503, before it
   * closes its listener and drains: the time an orchestrator takes to drop it from its endpoints
   * (k8s: 5000). Locally 0.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().nonnegative().default(0),
  /**
   * The consumers' queue type: `quorum` in production (k8s/config.yaml: replicated across the
   * cluster's nodes), `classic` by default, locally and in tests, where a run declares and deletes
   * hundreds of short-lived queues: a quorum queue is a Raft group of its own, and a few hundred of
   * them left the local single-node broker taking 40 s to accept a connection (README, Watching it).
   */
  QUEUE_TYPE: z.enum(['quorum', 'classic']).default('classic'),
  /**
   * A folder to write a V8 CPU profile of the whole run to (`<service>-<pid>.cpuprofile`, written at
   * shutdown; open it in Chrome's DevTools). Unset: no profiling. For benchmarks and investigations.
   */
  CPU_PROFILE_DIR: z.string().min(1).optional(),
  /** Publish right after each write (`true`) or only on the sweep (`false`). */
  OUTBOX_EAGER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export type BaseServiceConfig = z.infer<typeof baseServiceEnv>;

export class ConfigError extends Error {}

/** Parses the environment; the message names every missing or malformed variable. */
export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const missing = issue.code === 'invalid_type' && env[name] === undefined;
    return `  ${name}: ${missing ? 'is required' : issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}

/** For main.ts: parse or stop the process with a message naming the variables. */
export function loadConfig<S extends z.ZodType>(schema: S): z.infer<S> {
  try {
    return parseConfig(schema);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
