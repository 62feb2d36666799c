import { request, type IncomingMessage } from 'node:http';
import { IDENTITY_HEADER, matchRoute, verifyIdentity } from '@stockyard/contracts';
import { eventually, json, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { patternByte, startEchoUpstream } from './support/echo-upstream';
import { startGateway, type TestGateway } from './support/gateway';

/** A GET through the gateway, answered with its raw header lines (fetch would merge repeated ones). */
function rawGet(
  url: string,
  key: string,
  onResponse: (res: IncomingMessage) => void = (res) => res.resume(),
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { authorization: `Bearer ${key}` } }, (res) => {
      onResponse(res);
      resolve(res);
    })
      .on('error', reject)
      .end();
  });
}

/** Sends a body in chunks without Content-Length (Transfer-Encoding: chunked). */
function sendChunked(url: string, key: string, chunks: Buffer[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

/** A POST that declares `bytes` of body and sends none: the answer to the declaration alone. */
function declaredOnly(url: string, key: string, bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv', 'content-length': bytes },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.flushHeaders();
  });
}

describe('proxy and hardening', () => {
  let gw: TestGateway;
  let echo: Awaited<ReturnType<typeof startEchoUpstream>>;
  let orgId: string;
  let adminKey: string;

  beforeAll(async () => {
    echo = await startEchoUpstream();
    gw = await startGateway({
      INVENTORY_URL: echo.url,
      WEBHOOKS_URL: echo.url,
      UPSTREAM_TIMEOUT_MS: 400,
      BODY_LIMIT_BYTES: 1000,
    });
    ({ orgId, adminKey } = await gw.newOrg());
  });
  afterAll(async () => {
    await gw?.close();
    await echo?.close();
  });

  it("strips a client's identity header and sends the caller's signed identity, never the key", async () => {
    const forged = 'eyJvcmdJZCI6Im9yZ192aWN0aW0ifQ.forged';
    const res = await gw.api('GET', '/stock/movements', adminKey, undefined, { [IDENTITY_HEADER]: forged });
    expect(res.status).toBe(200);
    const seen = await json(res);
    expect(seen.headers[IDENTITY_HEADER]).not.toBe(forged);
    const identity = verifyIdentity(seen.headers[IDENTITY_HEADER], TEST_IDENTITY_SECRET);
    expect(identity).toMatchObject({ orgId, keyId: adminKey.slice(4, 16) });
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.url).toBe('/api/v1/stock/movements');
  });

  it('passes a client request id through to the service and back, and mints one otherwise', async () => {
    const res = await gw.api('GET', '/stock/movements?x=1', adminKey, undefined, { 'x-request-id': 'partner-req-42' });
    expect(res.headers.get('x-request-id')).toBe('partner-req-42');
    expect((await json(res)).headers['x-request-id']).toBe('partner-req-42');
    const minted = await gw.api('GET', '/stock/movements', adminKey);
    const id = minted.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await json(minted)).headers['x-request-id']).toBe(id);
  });

  it("writes each of its own answer headers once: drops a service's copy, passes its other headers", async () => {
    const query = [
      'header=X-Frame-Options:ALLOWALL',
      'header=RateLimit-Remaining:999999',
      'header=X-Service-Note:kept',
      'header=Cache-Control:no-store',
    ].join('&');
    const res = await rawGet(`${gw.url}/api/v1/stock/movements?${query}`, adminKey);
    const lines = new Map<string, string[]>();
    for (let i = 0; i < res.rawHeaders.length; i += 2) {
      const name = res.rawHeaders[i]!.toLowerCase();
      lines.set(name, [...(lines.get(name) ?? []), res.rawHeaders[i + 1]!]);
    }
    expect(lines.get('x-request-id')).toHaveLength(1);
    expect(lines.get('x-frame-options')).toEqual(['DENY']); // helmet's, not the service's
    expect(lines.get('ratelimit-remaining')).toHaveLength(1);
    expect(Number(lines.get('ratelimit-remaining')![0])).toBeLessThan(10_000);
    expect(lines.get('x-service-note')).toEqual(['kept']);
    expect(lines.get('cache-control')).toEqual(['no-store']);
    expect(lines.get('content-type')).toEqual(['application/json']);
  });

  it('streams a large answer to a slow reader whole, pausing the service meanwhile', async () => {
    const total = 48 * 1024 * 1024; // more than the socket buffers on both hops hold
    let received = 0;
    let wrong = 0;
    const res = await rawGet(`${gw.url}/api/v1/stock/movements?bytes=${total}&reader=slow`, adminKey, (r) => r.pause());
    await new Promise((r) => setTimeout(r, 300));
    // The buffers are full and the gateway holds nothing more: the service is still writing.
    expect(echo.seen.find((s) => s.url.includes('reader=slow'))!.sentAll).toBeUndefined();
    await new Promise<void>((resolve, reject) => {
      res.on('data', (chunk: Buffer) => {
        for (let i = 0; i < chunk.length; i++) if (chunk[i] !== patternByte(received + i)) wrong++;
        received += chunk.length;
      });
      res.on('end', resolve).on('error', reject);
      res.resume();
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(total));
    expect(received).toBe(total);
    expect(wrong).toBe(0);
  });

  it('drops the request to the service when the client goes away before the answer', async () => {
    const before = echo.seen.length;
    const req = request(`${gw.url}/api/v1/stock/movements?hang=1&client=leaves`, {
      headers: { authorization: `Bearer ${adminKey}` },
    });
    req.on('error', () => undefined);
    req.end();
    await eventually(async () => (echo.seen.length > before ? true : undefined), 5000, 10);
    req.destroy();
    const entry = echo.seen.find((s) => s.url.includes('client=leaves'))!;
    // Well before the gateway's 400 ms upstream timeout would have closed it.
    await eventually(async () => (entry.closedEarly ? true : undefined), 200, 10);
  });

  it('answers an unknown /api/v1 path with a 404 envelope and a wrong method with 405 and Allow', async () => {
    const unknown = await gw.api('GET', '/nothing/here', adminKey);
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error).toMatchObject({ code: 'route_not_found', requestId: expect.any(String) });
    const wrong = await gw.api('PUT', '/stock/movements', adminKey);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    expect((await json(wrong)).error.code).toBe('method_not_allowed');
  });

  it('answers 503 upstream_unavailable when the service is down', async () => {
    const res = await gw.api('GET', '/products', adminKey);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await json(res)).error.code).toBe('upstream_unavailable');
  });

  it('answers 504 upstream_timeout when the service does not answer in time', async () => {
    const started = Date.now();
    const res = await gw.api('GET', '/stock/movements?hang=1', adminKey);
    expect(res.status).toBe(504);
    expect((await json(res)).error.code).toBe('upstream_timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('answers 503 upstream_busy at once when requests already wait for every socket to the service', async () => {
    const tight = await startGateway({
      INVENTORY_URL: echo.url,
      UPSTREAM_TIMEOUT_MS: 1500,
      UPSTREAM_CONNECTIONS: 1,
      UPSTREAM_MAX_QUEUED: 1,
    });
    try {
      const { adminKey: key } = await tight.newOrg();
      expect((await tight.api('GET', '/stock/movements', key)).status).toBe(200); // key verified and cached
      const hanging = [
        tight.api('GET', '/stock/movements?hang=1', key),
        tight.api('GET', '/stock/movements?hang=2', key),
      ];
      await new Promise((r) => setTimeout(r, 200)); // one holds the socket, one waits for it
      const started = Date.now();
      const busy = await tight.api('GET', '/stock/movements', key);
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('1');
      expect((await json(busy)).error.code).toBe('upstream_busy');
      expect(Date.now() - started).toBeLessThan(500);
      expect((await Promise.all(hanging)).map((r) => r.status)).toEqual([504, 504]);
    } finally {
      await tight.close();
    }
  });

  it('refuses a declared Content-Length over the limit with 413 before proxying', async () => {
    const before = echo.seen.length;
    const res = await gw.api('POST', '/webhooks', adminKey, { url: 'x'.repeat(2000) });
    expect(res.status).toBe(413);
    expect((await json(res)).error.code).toBe('payload_too_large');
    expect(echo.seen.length).toBe(before);
  });

  it('counts a chunked body while streaming it: under the limit it arrives whole, over it is 413', async () => {
    const url = `${gw.url}/api/v1/webhooks`;
    const small = await sendChunked(url, adminKey, [Buffer.alloc(400, 'a'), Buffer.alloc(400, 'b')]);
    expect(small.status).toBe(200);
    expect(JSON.parse(small.body).bodyBytes).toBe(800);
    const big = await sendChunked(url, adminKey, [Buffer.alloc(600, 'a'), Buffer.alloc(600, 'b')]);
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).error.code).toBe('payload_too_large');
  });

  it("applies the limit to the gateway's own routes too", async () => {
    const res = await gw.api('POST', '/api-keys', adminKey, { name: 'x'.repeat(2000) });
    expect(res.status).toBe(413);
    expect((await json(res)).error.code).toBe('payload_too_large');
  });

  it('takes a feed upload past BODY_LIMIT_BYTES on its route (its maxBodyBytes), and no other body', async () => {
    const wide = await startGateway({ CATALOG_URL: echo.url }); // BODY_LIMIT_BYTES: the default 1 MiB
    try {
      const { adminKey: key } = await wide.newOrg();
      const feed = Buffer.alloc(3 * 1024 * 1024, 'a');
      const send = (path: string, body: Buffer) =>
        fetch(`${wide.url}/api/v1${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' },
          body,
        });
      const upload = await send('/sources/src_1/imports', feed);
      expect(upload.status).toBe(200);
      expect((await json(upload)).bodyBytes).toBe(feed.length);
      const chunks = [feed.subarray(0, 1024 * 1024), feed.subarray(1024 * 1024, 2 * 1024 * 1024), feed.subarray(0, 1)];
      const chunked = await sendChunked(`${wide.url}/api/v1/sources/src_1/imports`, key, chunks);
      expect(chunked.status).toBe(200);
      expect(JSON.parse(chunked.body).bodyBytes).toBe(2 * 1024 * 1024 + 1);

      for (const path of ['/sources/src_1/skus', '/products']) {
        const refused = await send(path, feed);
        expect(refused.status).toBe(413);
        expect((await json(refused)).error).toMatchObject({ code: 'payload_too_large', message: expect.any(String) });
      }
      const limit = matchRoute('POST', '/sources/src_1/imports')!.route.maxBodyBytes!;
      expect(limit).toBe(64 * 1024 * 1024);
      const over = await declaredOnly(`${wide.url}/api/v1/sources/src_1/imports`, key, limit + 1);
      expect(over.status).toBe(413);
      expect(JSON.parse(over.body).error.code).toBe('payload_too_large');
    } finally {
      await wide.close();
    }
  });

  it('counts requests in Redis under the key id, never the token', async () => {
    const key = await gw.keyWith(orgId, 'VIEWER', ['warehouses.read']);
    expect((await gw.api('GET', '/stock/movements', key.token)).status).toBe(200);
    const names = await gw.redis.keys(`${gw.config.REDIS_PREFIX}*`);
    expect(names).toContain(`${gw.config.REDIS_PREFIX}ratelimit:${key.id}`);
    expect(names.join(' ')).not.toContain(key.token.slice(17));
  });

  it('sends helmet headers and RateLimit headers on every authenticated response, errors included', async () => {
    for (const res of [
      await gw.api('GET', '/stock/movements', adminKey),
      await gw.api('GET', '/nothing', adminKey),
      await gw.api('GET', '/products', adminKey),
    ]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age/);
      expect(res.headers.get('ratelimit-limit')).toBe('10000');
      expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    }
  });
});
