import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { getInternal, PeerUnavailableError, type PeerSend } from '@stockyard/contracts';
import { peerTransport } from '../net';

/** How the call goes out: contracts' default (`fetch`), or the kit's (undici), which services use. */
let send: PeerSend | undefined;

/** A peer on 127.0.0.1 whose n-th request (from 1) is answered by `answer(n, req, res)`. */
async function peer(answer: (n: number, req: IncomingMessage, res: ServerResponse) => void) {
  let requests = 0;
  const server = createServer((req, res) => answer(++requests, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    options: {
      peer: 'inventory',
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      sign: () => 'signed',
      timeoutMs: 500,
      send,
    },
    requests: () => requests,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const Answer = z.object({ ok: z.literal(true) });
const ok = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');

describe.each([
  ['fetch', undefined],
  ['the kit’s peerTransport', peerTransport],
])('an internal call through %s', (_name, transport) => {
  beforeAll(() => {
    send = transport;
  });

  it('is sent once more on a new connection when the first was closed under it without an answer', async () => {
    const p = await peer((n, req, res) => (n === 1 ? req.socket.destroy() : ok(res)));
    await expect(getInternal(p.options, 'org_a', '/stock', Answer)).resolves.toEqual({ ok: true });
    expect(p.requests()).toBe(2);
    await p.close();
  });

  it('is unavailable after the second attempt fails too', async () => {
    const p = await peer((_n, req) => req.socket.destroy());
    await expect(getInternal(p.options, 'org_a', '/stock', Answer)).rejects.toBeInstanceOf(PeerUnavailableError);
    expect(p.requests()).toBe(2);
    await p.close();
  });

  it('is not sent again after a timeout (the peer may still be working on it)', async () => {
    const p = await peer(() => undefined);
    await expect(getInternal(p.options, 'org_a', '/stock', Answer)).rejects.toThrow(/unavailable/);
    expect(p.requests()).toBe(1);
    await p.close();
  });

  it('is not sent again after an answer, even a 5xx', async () => {
    const p = await peer((_n, _req, res) => res.writeHead(503).end());
    await expect(getInternal(p.options, 'org_a', '/stock', Answer)).rejects.toThrow('answered 503');
    expect(p.requests()).toBe(1);
    await p.close();
  });
});
