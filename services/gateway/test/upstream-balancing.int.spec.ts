import { createServer, type Server } from 'node:http';
import { eventually, freePort, json } from '@stockyard/testkit';
import { startEchoUpstream } from './support/echo-upstream';
import { startGateway, type TestGateway } from './support/gateway';

type Echo = Awaited<ReturnType<typeof startEchoUpstream>>;

/** A service that reads each request whole, then drops the connection without an answer. */
async function startDropper(port = 0) {
  let received = 0;
  const server: Server = createServer((req) => {
    req.resume();
    req.on('end', () => {
      received++;
      req.socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('balancing across upstream replicas', () => {
  let gateways: TestGateway[] = [];
  let echoes: Echo[] = [];
  const gateway = async (config: Parameters<typeof startGateway>[0]) => {
    const gw = await startGateway(config);
    gateways.push(gw);
    return { gw, adminKey: (await gw.newOrg()).adminKey };
  };
  const echo = async () => {
    const e = await startEchoUpstream();
    echoes.push(e);
    return e;
  };
  afterEach(async () => {
    await Promise.all(gateways.map((g) => g.close()));
    await Promise.all(echoes.map((e) => e.close()));
    gateways = [];
    echoes = [];
  });

  it('sends requests to each replica in turn', async () => {
    const [a, b] = [await echo(), await echo()];
    const { gw, adminKey } = await gateway({ INVENTORY_URL: `${a.url}, ${b.url}` });
    for (let i = 0; i < 6; i++) expect((await gw.api('GET', `/stock/movements?i=${i}`, adminKey)).status).toBe(200);
    expect(a.seen.map((s) => s.url)).toEqual([0, 2, 4].map((i) => `/api/v1/stock/movements?i=${i}`));
    expect(b.seen.map((s) => s.url)).toEqual([1, 3, 5].map((i) => `/api/v1/stock/movements?i=${i}`));
  });

  it('sends a request refused by one replica to the next, body whole, whatever its method', async () => {
    const live = await echo();
    const refusing = `http://127.0.0.1:${await freePort()}`;
    const { gw, adminKey } = await gateway({ INVENTORY_URL: `${refusing},${live.url}` });
    const body = { variantId: 'v', warehouseId: 'w', quantity: 3, pad: 'x'.repeat(50_000) };
    for (let i = 0; i < 4; i++) {
      const res = await gw.api('POST', '/stock/adjust', adminKey, body, { 'idempotency-key': `k${i}` });
      expect(res.status).toBe(200);
      expect((await json(res)).bodyBytes).toBe(JSON.stringify(body).length);
    }
    expect(live.seen).toHaveLength(4);
  });

  it('answers 503 upstream_unavailable when every replica refuses', async () => {
    const [p, q] = [await freePort(), await freePort()];
    const { gw, adminKey } = await gateway({ INVENTORY_URL: `http://127.0.0.1:${p},http://127.0.0.1:${q}` });
    const res = await gw.api('GET', '/stock/movements', adminKey);
    expect(res.status).toBe(503);
    expect((await json(res)).error.code).toBe('upstream_unavailable');
  });

  it('does not send again an unkeyed POST that reached a replica which then failed: 503', async () => {
    const dropper = await startDropper();
    const other = await echo();
    const { gw, adminKey } = await gateway({ INVENTORY_URL: `${dropper.url},${other.url}` });
    // The turn starts at the first replica: the first request goes to the dropper.
    const res = await gw.api('POST', '/stock/adjust', adminKey, { quantity: 1 });
    expect(res.status).toBe(503);
    expect((await json(res)).error.code).toBe('upstream_unavailable');
    expect(dropper.received()).toBe(1);
    expect(other.seen).toHaveLength(0);
    await dropper.close();
  });

  it('sends a keyed POST cut before its answer to the next replica, body whole', async () => {
    const dropper = await startDropper();
    const other = await echo();
    const { gw, adminKey } = await gateway({ INVENTORY_URL: `${dropper.url},${other.url}` });
    const body = { variantId: 'v', warehouseId: 'w', quantity: 1, pad: 'x'.repeat(50_000) };
    const keyed = await gw.api('POST', '/stock/adjust', adminKey, body, { 'idempotency-key': 'again' });
    expect(keyed.status).toBe(200);
    expect((await json(keyed)).bodyBytes).toBe(JSON.stringify(body).length);
    expect(dropper.received()).toBe(1);
    expect(other.seen.map((s) => s.headers['idempotency-key'])).toEqual(['again']);
    await dropper.close();
  });

  it('does not send again a keyed POST whose body was streamed (no length): 503', async () => {
    const dropper = await startDropper();
    const other = await echo();
    const { gw, adminKey } = await gateway({ INVENTORY_URL: `${dropper.url},${other.url}` });
    const chunks = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"quantity":1}'));
        controller.close();
      },
    });
    const res = await fetch(`${gw.url}/api/v1/stock/adjust`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json', 'idempotency-key': 's' },
      body: chunks,
      duplex: 'half',
    });
    expect(res.status).toBe(503);
    expect(other.seen).toHaveLength(0);
    await dropper.close();
  });

  it('probes a replica that was down and sends to it again once it answers', async () => {
    const port = await freePort();
    const first = await echo();
    const { gw, adminKey } = await gateway({ INVENTORY_URL: `http://127.0.0.1:${port},${first.url}` });
    for (let i = 0; i < 3; i++) expect((await gw.api('GET', '/stock/movements', adminKey)).status).toBe(200);
    expect(first.seen).toHaveLength(3);
    // The replica comes back on its port: within the time down, requests reach it again.
    const back = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    await new Promise<void>((resolve) => back.listen(port, '127.0.0.1', resolve));
    let backSaw = 0;
    back.on('request', () => backSaw++);
    try {
      await eventually(async () => {
        expect((await gw.api('GET', '/stock/movements', adminKey)).status).toBe(200);
        return backSaw >= 2 ? true : undefined;
      }, 20_000);
    } finally {
      back.closeAllConnections();
      await new Promise<void>((resolve) => back.close(() => resolve()));
    }
  });
});
