import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTERNAL_BASE_PATH, INTERNAL_HOLD_PATHS } from '@stockyard/contracts';

/**
 * Orders as the catalog asks it: open holds counted by variant (`/holds/open-counts`). A test
 * sets which variants are held, or takes orders down (503, as a failing peer answers).
 */
export async function startOrdersPeer() {
  const held = new Map<string, number>();
  const state = { down: false, held };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url !== `${INTERNAL_BASE_PATH}${INTERNAL_HOLD_PATHS.openCounts}`) return reply(404, {});
      if (state.down) return reply(503, { error: { code: 'upstream_unavailable', message: 'orders is down' } });
      const { variantIds } = JSON.parse(raw) as { variantIds: string[] };
      const data = variantIds
        .filter((id) => held.has(id))
        .map((variantId) => ({ variantId, count: held.get(variantId)! }));
      reply(200, { data });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
