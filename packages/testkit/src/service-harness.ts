import type { BaseServiceConfig } from '@stockyard/service-kit/ops';
import type { ServiceDefinition } from '@stockyard/service-kit/store';
import { Broker } from '@stockyard/service-kit/events';
import { connectMongo, createLogger, parseConfig } from '@stockyard/service-kit/ops';
import { tapEvents } from './event-tap';
import { listen } from './http';
import { asCaller } from './identity';
import { infraEnv, isolatedNames, SERVICE_INFRA_KEYS, serviceInfraEnv, TEST_IDENTITY_SECRET } from './isolation';
import { removeBucket, s3Client } from './s3';

export interface HarnessOptions {
  /** The organization requests act for unless they name another. */
  orgId?: string;
  /** The permissions of the caller's signed identity (default: every permission the service's routes need). */
  permissions?: string[];
  /** Extra environment for the service's config. */
  env?: Record<string, string>;
  /** Routing-key patterns of the event tap (default: every event). */
  tap?: string[];
}

export interface RequestOptions {
  /** Another organization; null sends no identity at all. */
  orgId?: string | null;
  permissions?: string[];
  headers?: Record<string, string>;
  /** `/api/v1` (default) or `/internal/v1`. */
  base?: string;
}

/** A response read once: status, headers, the body as text and (when JSON) parsed, plus Response-like readers. */
export interface Reply {
  status: number;
  headers: Headers;
  text(): Promise<string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert body fields one by one
  body: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json(): Promise<any>;
}

/** A reply's body when it is a 2xx, else a failure naming what was asked and what came back (setup steps). */
export async function okBody(res: Reply, what: string) {
  if (res.status >= 300) throw new Error(`${what} failed: ${res.status} ${await res.text()}`);
  return res.body; // eslint-disable-line @typescript-eslint/no-unsafe-return -- a reply's body, as Reply types it
}

async function send(url: string, method: string, body: unknown, headers: Record<string, string>): Promise<Reply> {
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text: async () => text, json: async () => parsed };
}

/**
 * Starts a service in-process, as `runService` would, on the real servers with names of its
 * own (database, exchange, queues), with an event tap on its exchange. Requests carry a
 * signed identity, as if they came through the gateway. `replica()` starts a second copy
 * on the same database and exchange; `close()` stops everything and drops what it made.
 */
export async function startService<C extends BaseServiceConfig, D>(
  definition: ServiceDefinition<C, D>,
  options: HarnessOptions = {},
) {
  const names = isolatedNames(definition.name);
  const { mongoUrl, amqpUrl } = infraEnv();
  const storage = storageEnv(definition.configSchema, names.bucket);
  const config = parseConfig(definition.configSchema, {
    PORT: '0',
    MONGO_URL: mongoUrl,
    MONGO_DB: names.database,
    AMQP_URL: amqpUrl,
    EVENTS_EXCHANGE: names.exchange,
    IDENTITY_SECRET: TEST_IDENTITY_SECRET,
    ...storage,
    ...options.env,
  });
  // The bucket is the service's to create (at start, when missing); the harness removes it.
  const ownBucket = storage.S3_BUCKET !== undefined && options.env?.S3_BUCKET === undefined;
  const logger = createLogger(`${definition.name}-test`, process.env.TEST_LOG_LEVEL ?? 'silent');
  const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const broker = new Broker(config.AMQP_URL, config.EVENTS_EXCHANGE, logger, { queueType: config.QUEUE_TYPE });
  await broker.start();
  const tap = await tapEvents(amqpUrl, names.exchange, options.tap);
  const ctx = { config, connection, broker, logger };
  const service = definition.build(ctx);
  await service.start();
  const http = await listen(service.app);
  const replicas: { close(): Promise<void> }[] = [];

  const requester =
    (baseUrl: string) =>
    (method: string, path: string, body?: unknown, opts: RequestOptions = {}) => {
      const orgId = opts.orgId === undefined ? options.orgId : opts.orgId;
      // Signed identities are valid for 60 s, so each request signs a fresh one.
      const identity = orgId ? asCaller(orgId, opts.permissions ?? options.permissions ?? []) : {};
      const headers = { 'content-type': 'application/json', ...identity, ...opts.headers };
      return send(`${baseUrl}${opts.base ?? '/api/v1'}${path}`, method, body, headers);
    };

  return {
    config,
    connection,
    broker,
    /** The service's logger (silent unless TEST_LOG_LEVEL): a test may spy on it to assert what is logged. */
    logger,
    service,
    deps: service.deps,
    url: http.url,
    events: tap.events,
    request: requester(http.url),
    /** A reply's body when it is a 2xx, else a failure naming `what` (a test's setup steps). */
    ok: okBody,
    /** A second copy of the service on the same database and exchange, as another replica would be. */
    async replica() {
      const other = definition.build(ctx);
      await other.start();
      const otherHttp = await listen(other.app);
      let closed = false;
      const replica = {
        url: otherHttp.url,
        deps: other.deps,
        request: requester(otherHttp.url),
        async close() {
          if (closed) return;
          closed = true;
          await otherHttp.close();
          await other.stop();
        },
      };
      replicas.push(replica);
      return replica;
    },
    async close() {
      await http.close();
      for (const replica of replicas) await replica.close();
      const queues = service.queues;
      await service.stop();
      await tap.dispose(queues);
      await broker.close();
      await connection.dropDatabase();
      await connection.close();
      if (ownBucket) {
        const s3 = s3Client();
        await removeBucket(s3, names.bucket).finally(() => s3.destroy());
      }
    },
  };
}

/**
 * The S3 and SMTP variables the service's config declares (S3_URL, its keys and region, S3_BUCKET,
 * SMTP_URL), from the suite's servers, with a bucket of this harness's own; none for a config that
 * declares none. Under jest they are all set; elsewhere a declared one that is missing is an error.
 */
function storageEnv(schema: unknown, bucket: string): Record<string, string> {
  const shape = (schema as { shape?: Record<string, unknown> }).shape ?? {};
  const available = serviceInfraEnv(bucket);
  const env: Record<string, string> = {};
  for (const key of [...SERVICE_INFRA_KEYS, 'S3_BUCKET']) {
    if (!(key in shape)) continue;
    if (available[key] === undefined && key !== 'S3_REGION') {
      throw new Error(`the service's config asks for ${key}, which is not set: run tests through jest (global setup)`);
    }
    if (available[key] !== undefined) env[key] = available[key];
  }
  return env;
}
export type ServiceHarness<D = unknown> = Awaited<ReturnType<typeof startService<BaseServiceConfig, D>>>;
