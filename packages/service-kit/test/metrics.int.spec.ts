import type { BoundRoute } from '@stockyard/contracts';
import { z } from 'zod';
import { asCaller, infraEnv, isolatedNames, listen, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import type { Connection } from 'mongoose';
import { bindRoute } from '../src';
import { connectMongo, createLogger, metricsRegistry, serveMetrics, startProcessMetrics } from '../ops';
import { createServiceApp } from '../internals';

const logger = createLogger('test', 'silent');
const schemas = { params: z.object({ id: z.string() }), response: z.object({ id: z.string() }) };
const thing: BoundRoute<typeof schemas> = {
  method: 'GET',
  path: '/things/{id}',
  service: 'catalog',
  permission: 'products.read',
  status: 200,
  origin: 'added',
  surface: 'admin',
  schemas,
};

let connection: Connection;
let http: Awaited<ReturnType<typeof listen>>;
let metricsUrl: string;
let close: () => Promise<void>;

beforeAll(async () => {
  connection = await connectMongo(infraEnv().mongoUrl, isolatedNames('servicekit').database);
  const app = createServiceApp({
    logger,
    identitySecret: TEST_IDENTITY_SECRET,
    connection,
    readiness: {},
    api: (router) => {
      bindRoute(router, thing, ({ params }) => ({ id: params.id }));
      router.get('/plain/:id', (_req, res) => void res.json({}));
    },
  });
  http = await listen(app);
  startProcessMetrics('kit-test');
  const server = await serveMetrics(0, logger, '127.0.0.1');
  const address = server.address() as { port: number };
  metricsUrl = `http://127.0.0.1:${address.port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(async () => {
  await http?.close();
  await close?.();
  await connection?.dropDatabase();
  await connection?.close();
});

const scrape = async () => (await fetch(`${metricsUrl}/metrics`)).text();
const countOf = (text: string, labels: string) => {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`stockyard_http_request_duration_seconds_count{service="kit-test",${labels}}`));
  return line === undefined ? 0 : Number(line.split(' ').pop());
};

describe('metrics', () => {
  it('counts requests by route-table row and status class, never by raw path', async () => {
    const headers = asCaller('org_metrics', ['products.read']);
    const before = countOf(await scrape(), 'route="GET /things/{id}",method="GET",status_class="2xx"');
    for (const id of ['thg_a', 'thg_b', 'thg_c']) await fetch(`${http.url}/api/v1/things/${id}`, { headers });
    await fetch(`${http.url}/api/v1/plain/pln_secret_id`, { headers });
    await fetch(`${http.url}/api/v1/nowhere/nwh_other_id`, { headers });

    const text = await scrape();
    expect(countOf(text, 'route="GET /things/{id}",method="GET",status_class="2xx"')).toBe(before + 3);
    expect(countOf(text, 'route="GET /api/v1/plain/:id",method="GET",status_class="2xx"')).toBeGreaterThan(0);
    expect(countOf(text, 'route="unmatched",method="GET",status_class="4xx"')).toBeGreaterThan(0);
    expect(text).not.toMatch(/thg_a|pln_secret_id|nwh_other_id|org_metrics/);
  });

  it("serves Node's process metrics in Prometheus' text format, and nothing but /metrics", async () => {
    const res = await fetch(`${metricsUrl}/metrics`);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/^process_cpu_user_seconds_total\{service="kit-test"\} \d/m);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(await metricsRegistry.getSingleMetricAsString('stockyard_http_request_duration_seconds')).toContain(
      '# TYPE stockyard_http_request_duration_seconds histogram',
    );
    expect((await fetch(`${metricsUrl}/api/v1/things/x`)).status).toBe(404);
  });
});
