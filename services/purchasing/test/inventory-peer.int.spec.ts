import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import type { Config } from '../src/config';
import { inventoryPeer } from '../src/peers/inventory-stock';

const put = {
  operationKey: 'po_1:pol_1:rcp_1',
  variantId: 'var_1',
  warehouseId: 'wh_1',
  quantity: 2,
  reason: 'Purchase order PO-000001',
};
const answer = {
  operationKey: put.operationKey,
  replayed: false,
  variantId: 'var_1',
  onHand: 2,
  reserved: 0,
  available: 2,
};

/**
 * An inventory stand-in on 127.0.0.1 whose answers the test scripts in turn: `drop` closes the
 * connection without an answer (what a replica shutting down does to a request sent on a
 * keep-alive connection as it closes it), a number answers with that status.
 */
async function inventoryAnswering(script: ('drop' | number)[]) {
  const bodies: unknown[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      bodies.push(JSON.parse(text));
      const next = script.shift() ?? 500;
      if (next === 'drop') return void req.socket.destroy();
      res.writeHead(next, { 'content-type': 'application/json' });
      const body = next === 201 ? { ...answer, movements: [] } : { error: { code: 'refused', message: 'no' } };
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  // The three settings the peer reads.
  const config = {
    INVENTORY_URL: `http://127.0.0.1:${port}`,
    IDENTITY_SECRET: TEST_IDENTITY_SECRET,
    PEER_TIMEOUT_MS: 3000,
  } as Config;
  return { peer: inventoryPeer(config), bodies, close: () => new Promise((r) => server.close(r)) };
}

describe("purchasing's put-away call to inventory", () => {
  it('sends a put-away once more, the same, when the connection closed without an answer', async () => {
    const inventory = await inventoryAnswering(['drop', 201]);
    try {
      await expect(inventory.peer.receive('org_1', put)).resolves.toMatchObject(answer);
      expect(inventory.bodies).toEqual([put, put]);
    } finally {
      await inventory.close();
    }
  });

  it('sends it at most twice, and a refusal once', async () => {
    const unavailable = await inventoryAnswering(['drop', 'drop', 201]);
    const refusing = await inventoryAnswering([422, 201]);
    try {
      await expect(unavailable.peer.receive('org_1', put)).rejects.toMatchObject({ name: 'PeerUnavailableError' });
      expect(unavailable.bodies).toHaveLength(2);
      await expect(refusing.peer.receive('org_1', put)).rejects.toMatchObject({
        name: 'PeerRefusedError',
        status: 422,
      });
      expect(refusing.bodies).toHaveLength(1);
    } finally {
      await unavailable.close();
      await refusing.close();
    }
  });
});
