import mongoose from 'mongoose';
import { eventually, infraEnv, json, startReceiver, startStack, type Stack } from '@stockyard/testkit';
import { stackVariants } from '../services/inventory/test/support/stack-variants';
import { SPAN_KIND, startOtlpReceiver, type ReceivedSpan } from './support/otlp-receiver';

/**
 * Issue #28, traces: one stock adjust through the gateway and its webhook delivery are one
 * trace, exported by every process over OTLP/HTTP to a receiver on 127.0.0.1: the gateway's
 * request and its call upstream, inventory's request, its database calls and its publish (the
 * outbox keeps the context with the event), the webhooks dispatcher's consume, and each delivery
 * attempt (the retry too, resumed from the context the delivery kept). Log lines written inside
 * the trace carry its ids.
 */
describe('tracing: a stock adjust and its webhook delivery are one trace', () => {
  let stack: Stack;
  let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let trace: ReceivedSpan[];
  let attempts: ReceivedSpan[];

  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    // The first attempt fails, so the second goes out from the worker, a second later.
    receiver = await startReceiver(() => (receiver.received.length === 1 ? 503 : 200));
    const tracing = {
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    };
    stack = await startStack(['inventory', 'webhooks'], {
      gateway: tracing,
      inventory: tracing,
      webhooks: { ...tracing, LOG_LEVEL: 'info', WEBHOOK_URL_ALLOWLIST: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '1' },
    });
    const { adminKey, orgId } = stack.bootstrapOrg('Traced Org');
    const api = (route: string, body: unknown) =>
      fetch(`${stack.gatewayUrl}/api/v1${route}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const warehouseId = (await json(await api('/warehouses', { name: 'Main' }))).id;
    const inventoryDb = await mongoose
      .createConnection(infraEnv().mongoUrl, { dbName: stack.databases.inventory })
      .asPromise();
    await stackVariants(stack.exchange, inventoryDb, orgId, ['var_1']);
    await inventoryDb.close();
    await api('/webhooks', { url: receiver.url, events: ['inventory.availability_changed'] });

    const adjusted = await api('/stock/adjust', { variantId: 'var_1', warehouseId, quantity: 5, reason: 'count' });
    expect(adjusted.status).toBe(201);
    // Both attempts' spans, then whatever the processes still had to export of that trace.
    attempts = await eventually(() => {
      const found = otlp.spans.filter((s) => s.name === 'webhook attempt');
      return found.length === 2 ? found : undefined;
    }, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    trace = otlp.trace(attempts[0]!.traceId);
  }, 120_000);

  afterAll(async () => {
    await stack?.destroy();
    await receiver?.close();
    await otlp?.close();
  });

  const byId = () => new Map(trace.map((s) => [s.spanId, s]));
  const parentOf = (span: ReceivedSpan) => byId().get(span.parentSpanId);
  const ancestors = (span: ReceivedSpan) => {
    const chain: ReceivedSpan[] = [];
    for (let p = parentOf(span); p; p = parentOf(p)) chain.push(p);
    return chain;
  };
  const only = (found: ReceivedSpan[], what: string) => {
    if (found.length !== 1) throw new Error(`${what}: ${found.length} spans, not 1: ${JSON.stringify(trace, null, 1)}`);
    return found[0]!;
  };
  const root = () =>
    only(
      trace.filter((s) => !s.parentSpanId),
      'root',
    );

  it('is one trace rooted at the gateway, every span linked to its parent', () => {
    expect(attempts[1]!.traceId).toBe(attempts[0]!.traceId);
    expect(new Set(trace.map((s) => s.service))).toEqual(new Set(['gateway', 'inventory', 'webhooks']));
    expect(root()).toMatchObject({ service: 'gateway', kind: SPAN_KIND.server });
    for (const span of trace.filter((s) => s.parentSpanId)) expect(parentOf(span)).toBeDefined();
  });

  it('goes from the gateway to inventory over HTTP, to its database, and out through the outbox', () => {
    const upstream = only(
      trace.filter(
        (s) => s.service === 'gateway' && s.kind === SPAN_KIND.client && /instrumentation-(http|undici)$/.test(s.scope),
      ),
      'gateway call upstream',
    );
    const served = only(
      trace.filter((s) => s.service === 'inventory' && s.kind === SPAN_KIND.server),
      'inventory request',
    );
    expect(parentOf(served)).toBe(upstream);
    const database = trace.filter((s) => s.service === 'inventory' && s.scope.endsWith('instrumentation-mongodb'));
    expect(database.length).toBeGreaterThan(0);
    expect(trace.some((s) => s.service === 'inventory' && s.scope.endsWith('instrumentation-express'))).toBe(true);
    const published = trace.filter((s) => s.service === 'inventory' && s.kind === SPAN_KIND.producer);
    expect(published.length).toBeGreaterThan(0);
    for (const span of published) expect(ancestors(span)).toContain(served);
  });

  it('reaches the webhooks dispatcher through RabbitMQ and each attempt joins the trace', () => {
    const consumed = trace.filter((s) => s.service === 'webhooks' && s.kind === SPAN_KIND.consumer);
    expect(consumed.length).toBeGreaterThan(0);
    for (const span of consumed) expect(parentOf(span)?.kind).toBe(SPAN_KIND.producer);
    const [first, second] = [...attempts].sort(
      (a, b) => Number(a.attributes['webhook.attempt']) - Number(b.attributes['webhook.attempt']),
    );
    expect(first).toMatchObject({
      kind: SPAN_KIND.client,
      attributes: {
        'webhook.event': 'inventory.availability_changed',
        'webhook.attempt': 1,
        'http.response.status_code': 503,
      },
      status: { code: 2 },
    });
    expect(ancestors(first!).some((s) => s.kind === SPAN_KIND.consumer)).toBe(true);
    // The retry ran from the worker's poll, in the context the delivery kept from the dispatch.
    expect(second!.attributes).toMatchObject({ 'webhook.attempt': 2, 'http.response.status_code': 200 });
    expect(ancestors(second!).some((s) => s.kind === SPAN_KIND.consumer)).toBe(true);
  });

  it('sends partners no trace header, and traces no health probe', () => {
    expect(receiver.received).toHaveLength(2);
    for (const request of receiver.received) expect(request.headers.traceparent).toBeUndefined();
    // The stack's start asked every process's /readyz many times; none of it is a trace.
    const path = (s: ReceivedSpan) => String(s.attributes['url.path'] ?? s.attributes['http.target'] ?? '');
    const probes = otlp.spans.filter(
      (s) => s.kind === SPAN_KIND.server && /^\/(livez|readyz|healthz|metrics)/.test(path(s)),
    );
    expect(probes).toEqual([]);
  });

  it('writes the trace and span ids on log lines written inside it', () => {
    const lines = stack.services
      .webhooks!.logs()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; traceId?: string; spanId?: string; attempt?: number });
    const logged = lines.filter((l) => l.msg === 'webhook attempt');
    expect(logged.map((l) => l.attempt).sort()).toEqual([1, 2]);
    for (const line of logged) {
      expect(line.traceId).toBe(root().traceId);
      expect(line.spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(byId().has(line.spanId!)).toBe(true);
    }
  });
});
