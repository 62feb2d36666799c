import type { IncomingMessage, RequestOptions } from 'node:http';
import type { NodeSDK } from '@opentelemetry/sdk-node';

/** Paths that are asked every few seconds by machines, never by a partner: no traces of them. */
const UNTRACED_PATHS = new Set(['/livez', '/readyz', '/healthz', '/metrics']);

export interface TracingOptions {
  /**
   * Outgoing requests that get no span and carry no trace header: webhooks' deliveries to
   * partners' endpoints (their attempt has a span of its own; our trace ids stay ours).
   */
  untracedOutgoing?: (request: RequestOptions) => boolean;
}

let sdk: NodeSDK | undefined;

/**
 * Tracing is off unless an exporter is configured the standard way: `OTEL_TRACES_EXPORTER`
 * (other than `none`), or an OTLP endpoint. `OTEL_SDK_DISABLED=true` turns it off whatever else
 * is set. Everything else (protocol, headers, sampler, resource) is read by the SDK itself.
 */
export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim();
  if (exporter) return exporter !== 'none';
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * Starts OpenTelemetry for this process when `tracingWanted`: spans for HTTP in and out
 * (express routes, peers' fetch calls), MongoDB, RabbitMQ and Redis, exported by the `OTEL_*`
 * variables. Must run before those libraries are loaded, so a service's `main.ts` imports its
 * `instrument.ts` (which calls this) first. Traces only: metrics are prom-client's, and logs stay
 * on stdout (each line carries the active `traceId` and `spanId`; see logger.ts).
 */
export function startTracing(service: string, options: TracingOptions = {}): void {
  if (sdk || !tracingWanted()) return;
  process.env.OTEL_SERVICE_NAME ??= service;
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const untracedOutgoing = options.untracedOutgoing ?? (() => false);
  // Loaded only now: a process that does not trace never loads the SDK.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { ExpressInstrumentation, ExpressLayerType } =
    require('@opentelemetry/instrumentation-express') as typeof import('@opentelemetry/instrumentation-express');
  const { MongoDBInstrumentation } =
    require('@opentelemetry/instrumentation-mongodb') as typeof import('@opentelemetry/instrumentation-mongodb');
  const { AmqplibInstrumentation } =
    require('@opentelemetry/instrumentation-amqplib') as typeof import('@opentelemetry/instrumentation-amqplib');
  const { IORedisInstrumentation } =
    require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  /* eslint-enable @typescript-eslint/no-require-imports */
  sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request: IncomingMessage) => UNTRACED_PATHS.has(pathOf(request.url)),
        ignoreOutgoingRequestHook: (request: RequestOptions) => untracedOutgoing(request),
      }),
      // The request's span names its route; a span per middleware and router layer is noise.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER] }),
      new MongoDBInstrumentation(),
      new AmqplibInstrumentation(),
      new IORedisInstrumentation(),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
}

/** Exports the spans still buffered and stops: the last step of a graceful shutdown. */
export async function stopTracing(): Promise<void> {
  const running = sdk;
  sdk = undefined;
  await running?.shutdown().catch(() => undefined);
}

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0]!;
