import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@stockyard/contracts';
import { prepareWebhook, sendWebhook, type OutgoingWebhook } from '../src/delivery/send';

// A local receiver whose behaviour each test sets; counts the requests that reach it.
let reached = 0;
let behave: (res: http.ServerResponse) => void = (res) => res.end();
const server = http.createServer((req, res) => {
  reached++;
  req.resume();
  behave(res);
});
let port = 0;
beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  reached = 0;
});

const webhook = (url: string): OutgoingWebhook => ({
  url,
  secret: 'whsec_test',
  event: 'order.created',
  deliveryId: 'dlv_test',
  attempt: 1,
  data: { orgId: 'org_1', channelId: 'ch_1', orderId: 'ord_1' },
});
const allowListed = { allowlist: ['127.0.0.1'], timeoutMs: 2000 };

it('refuses at connect time a host whose DNS answer is loopback', async () => {
  const result = await sendWebhook(webhook(`https://localhost:${port}/x`), { allowlist: [], timeoutMs: 2000 });
  expect(result).toMatchObject({ ok: false, responseStatus: null });
  expect(result.error).toMatch(/^ENONPUBLIC/);
  expect(reached).toBe(0);
});

it('refuses a literal private address at send time', async () => {
  const result = await sendWebhook(webhook(`https://127.0.0.1:${port}/x`), { allowlist: [], timeoutMs: 2000 });
  expect(result.error).toBe('webhook_url_private_address');
  expect(reached).toBe(0);
});

it('treats a redirect as a failure and does not follow it', async () => {
  behave = (res) => res.writeHead(302, { Location: 'http://169.254.169.254/' }).end();
  const result = await sendWebhook(webhook(`http://127.0.0.1:${port}/x`), allowListed);
  expect(result).toMatchObject({ ok: false, responseStatus: 302, error: 'HTTP 302' });
  expect(reached).toBe(1);
});

it('keeps only the first KB of the response body', async () => {
  behave = (res) => res.end('x'.repeat(64 * 1024));
  const result = await sendWebhook(webhook(`http://127.0.0.1:${port}/x`), allowListed);
  expect(result).toMatchObject({ ok: true, responseStatus: 200 });
  expect(result.responseBody).toHaveLength(1024);
});

it('gives up on a receiver that does not answer within the timeout', async () => {
  behave = () => undefined;
  const result = await sendWebhook(webhook(`http://127.0.0.1:${port}/x`), { ...allowListed, timeoutMs: 300 });
  expect(result).toMatchObject({ ok: false, responseStatus: null, error: 'timeout after 300 ms' });
  expect(result.durationMs).toBeGreaterThanOrEqual(290);
  expect(result.durationMs).toBeLessThan(2000);
});

it('counts a refused connection as a failed attempt', async () => {
  const closed = http.createServer();
  closed.listen(0, '127.0.0.1');
  await once(closed, 'listening');
  const closedPort = (closed.address() as AddressInfo).port;
  closed.close();
  const result = await sendWebhook(webhook(`http://127.0.0.1:${closedPort}/x`), allowListed);
  expect(result).toMatchObject({ ok: false, responseStatus: null });
  expect(result.error).toMatch(/^ECONNREFUSED/);
});

it('counts a TLS failure as a failed attempt (https to a plain-HTTP server)', async () => {
  const result = await sendWebhook(webhook(`https://127.0.0.1:${port}/x`), allowListed);
  expect(result).toMatchObject({ ok: false, responseStatus: null });
  expect(result.error).toMatch(/EPROTO|SSL|TLS/i);
  expect(reached).toBe(0);
});

it("passes on the receiver's Retry-After of a failed answer", async () => {
  behave = (res) => res.writeHead(503, { 'Retry-After': '120' }).end('busy');
  const result = await sendWebhook(webhook(`http://127.0.0.1:${port}/x`), allowListed);
  expect(result).toMatchObject({ ok: false, responseStatus: 503, retryAfterSeconds: 120, responseBody: 'busy' });
});

it('signs every attempt afresh with the current time', async () => {
  const first = prepareWebhook({ ...webhook('http://127.0.0.1/x'), attempt: 1 });
  jest.useFakeTimers({ now: Date.now() + 2 * 24 * 3600 * 1000, doNotFake: ['nextTick', 'setImmediate'] });
  try {
    const later = prepareWebhook({ ...webhook('http://127.0.0.1/x'), attempt: 8 });
    const t = (p: typeof first) => Number(/t=(\d+)/.exec(p.headers['X-Stockyard-Signature']!)![1]);
    expect(t(later) - t(first)).toBeGreaterThanOrEqual(2 * 24 * 3600 - 1);
    expect(
      verifyWebhook({ secret: 'whsec_test', rawBody: later.rawBody, header: later.headers['X-Stockyard-Signature'] }),
    ).toBe(true);
  } finally {
    jest.useRealTimers();
  }
});

describe('connections to a receiver', () => {
  let connections = 0;
  const count = () => connections++;
  beforeAll(() => server.on('connection', count));
  afterAll(() => server.off('connection', count));
  beforeEach(() => {
    connections = 0;
    behave = (res) => res.end('ok');
  });

  it('are kept alive: consecutive deliveries to one receiver share a connection', async () => {
    for (let i = 0; i < 5; i++)
      expect(await sendWebhook(webhook(`http://127.0.0.1:${port}/x`), allowListed)).toMatchObject({ ok: true });
    expect(reached).toBe(5);
    expect(connections).toBeLessThanOrEqual(1); // 0 when a socket from an earlier test was still idle
  });

  it('are not reused after a body cut short at the excerpt limit', async () => {
    behave = (res) => res.end('x'.repeat(64 * 1024));
    for (let i = 0; i < 3; i++)
      expect(await sendWebhook(webhook(`http://127.0.0.1:${port}/x`), allowListed)).toMatchObject({ ok: true });
    expect(connections).toBeGreaterThanOrEqual(2);
  });

  it('are opened afresh when the receiver drops a kept-alive one as the delivery arrives', async () => {
    await sendWebhook(webhook(`http://127.0.0.1:${port}/x`), allowListed); // leaves an idle connection
    let dropped = 0;
    behave = (res) => {
      if (dropped++ === 0)
        res.socket!.destroy(); // the race: the receiver closes the idle socket
      else res.end('ok');
    };
    const result = await sendWebhook(webhook(`http://127.0.0.1:${port}/x`), allowListed);
    expect(result).toMatchObject({ ok: true, responseStatus: 200 });
    expect(dropped).toBe(2);
  });

  it('are retried once at most: a receiver that drops every connection gets a failed attempt', async () => {
    await sendWebhook(webhook(`http://127.0.0.1:${port}/x`), allowListed); // leaves an idle connection
    reached = 0;
    behave = (res) => res.socket!.destroy();
    const result = await sendWebhook(webhook(`http://127.0.0.1:${port}/x`), allowListed);
    expect(result).toMatchObject({ ok: false, responseStatus: null });
    expect(result.error).toMatch(/ECONNRESET|socket hang up/);
    expect(reached).toBe(2);
  });
});
