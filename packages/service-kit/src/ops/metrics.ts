import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from '../logger';

/**
 * The process's metrics, in Prometheus' text format at `/metrics` on METRICS_PORT: a port of
 * its own, which the gateway never proxies and a NetworkPolicy opens to the monitoring
 * namespace only. Every label takes a bounded set of values: a route-table row, a queue, a
 * status class, an outcome; never an organization, key, endpoint or document id.
 */
export const metricsRegistry = new Registry();

/** Seconds, from under a millisecond (a cached read) to a feed import's minutes. */
const SECONDS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];

const metricOptions = { registers: [metricsRegistry] };

/** A counter in the process's registry (one per name, however often asked: modules load once, tests twice). */
export function counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
  const known = metricsRegistry.getSingleMetric(name);
  return (known as Counter<L>) ?? new Counter({ name, help, labelNames, ...metricOptions });
}

export function histogram<L extends string>(name: string, help: string, labelNames: readonly L[]): Histogram<L> {
  const known = metricsRegistry.getSingleMetric(name);
  return (known as Histogram<L>) ?? new Histogram({ name, help, labelNames, buckets: SECONDS, ...metricOptions });
}

export function gauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  collect?: (this: Gauge<L>) => Promise<void> | void,
): Gauge<L> {
  const known = metricsRegistry.getSingleMetric(name);
  return (known as Gauge<L>) ?? new Gauge({ name, help, labelNames, collect, ...metricOptions });
}

/** Names the process (`service` on every series) and adds Node's own metrics: CPU, memory, event-loop lag, GC. */
export function startProcessMetrics(service: string): void {
  metricsRegistry.setDefaultLabels({ service });
  if (!metricsRegistry.getSingleMetric('process_cpu_user_seconds_total')) {
    collectDefaultMetrics({ register: metricsRegistry });
  }
}

/** Serves `/metrics` on its own port; resolves with the server once listening (port 0 picks one). */
export function serveMetrics(port: number, logger: Logger, host = '0.0.0.0'): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: metrics are at /metrics\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      (err: Error) => {
        logger.warn({ err: err.message }, 'metrics collection failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      logger.info({ metricsPort: typeof address === 'object' && address ? address.port : port }, 'serving metrics');
      resolve(server);
    });
  });
}
