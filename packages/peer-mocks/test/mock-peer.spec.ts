import {
  IDENTITY_HEADER,
  inventoryClient,
  PeerRefusedError,
  serviceSigner,
  signIdentity,
  type InventoryClient,
} from '@stockyard/contracts';
import { startMockPeer, type MockPeer } from '../src';

const SECRET = 'mock-peer-spec-secret';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
const json = async (res: Response): Promise<any> => res.json();
const ORG = 'org_mock';

describe('a mocked peer', () => {
  let inventory: MockPeer;
  let client: InventoryClient;
  beforeAll(async () => {
    inventory = await startMockPeer('inventory', { identitySecret: SECRET });
    client = inventoryClient({ baseUrl: inventory.url, sign: serviceSigner('orders', SECRET) });
  });
  afterAll(() => inventory.close());

  const move = (operationKey: string, quantity: number) => ({
    operationKey,
    variantId: 'var_1',
    warehouseId: 'wh_1',
    quantity,
  });
  const refusal = (call: Promise<unknown>) =>
    call.then(
      () => undefined,
      (err: PeerRefusedError) => [err.status, (err.body as { error: { code: string } }).error.code],
    );

  it('moves stock once per operation key and answers a replay with replayed: true', async () => {
    const first = await client.receive(ORG, move('rcv:1', 5));
    expect(first).toMatchObject({ replayed: false, onHand: 5, reserved: 0, available: 5 });
    expect(first.movements).toEqual([expect.objectContaining({ type: 'RECEIPT', quantity: 5, reference: 'rcv:1' })]);
    expect(await client.receive(ORG, move('rcv:1', 5))).toMatchObject({ replayed: true, onHand: 5, movements: [] });
    expect(await refusal(client.receive(ORG, move('rcv:1', 6)))).toEqual([409, 'operation_key_reused']);
  });

  it('reserves up to available, releases up to reserved, and deducts from the hold', async () => {
    expect(await refusal(client.reserve(ORG, move('res:big', 6)))).toEqual([422, 'insufficient_stock']);
    expect(await client.reserve(ORG, move('res:1', 3))).toMatchObject({ reserved: 3, available: 2 });
    expect(await refusal(client.release(ORG, move('rel:big', 4)))).toEqual([422, 'insufficient_stock']);
    expect(await client.release(ORG, move('rel:1', 1))).toMatchObject({ reserved: 2, available: 3 });
    const sold = await client.deduct(ORG, move('ded:1', 2));
    expect(sold).toMatchObject({ onHand: 3, reserved: 0, available: 3 });
    expect(sold.movements).toEqual([expect.objectContaining({ type: 'SALE', quantity: -2 })]);
    expect(await client.stockOnHand(ORG, ['var_1', 'var_2'])).toEqual([
      { variantId: 'var_1', onHand: 3, reserved: 0, available: 3 },
      { variantId: 'var_2', onHand: 0, reserved: 0, available: 0 },
    ]);
    // Another organization's levels are its own.
    expect(await client.stockOnHand('org_other', ['var_1'])).toEqual([
      { variantId: 'var_1', onHand: 0, reserved: 0, available: 0 },
    ]);
  });

  it('knows every warehouse asked but a missing… one', async () => {
    const found = await client.warehouses(ORG, ['wh_1', 'missing_wh']);
    expect(found.map((w) => w.id)).toEqual(['wh_1']);
  });

  it('refuses a call without a signed identity (401) and a body that breaks the schema (400)', async () => {
    const post = (headers: Record<string, string>, body: unknown) =>
      fetch(`${inventory.url}/internal/v1/stock/receive`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const anonymous = await post({}, move('x', 1));
    expect([anonymous.status, (await json(anonymous)).error.code]).toEqual([401, 'unauthenticated']);
    const identity = {
      [IDENTITY_HEADER]: signIdentity({ orgId: ORG, keyId: 'service:orders', permissions: [] }, SECRET),
    };
    const bad = await post(identity, { ...move('x', 1), quantity: -1 });
    const body = await json(bad);
    expect([bad.status, body.error.code]).toEqual([400, 'validation_failed']);
    expect(body.error.details.map((d: { field: string }) => d.field)).toEqual(['quantity']);
  });

  it('keeps what it was asked and what it holds', async () => {
    const state = await json(await fetch(`${inventory.url}/__mock/state`));
    expect(state[ORG].movements.map((m: { type: string }) => m.type)).toEqual(['RECEIPT', 'SALE']);
    expect(inventory.calls.filter((c) => c.route === 'inventoryReceive').map((c) => c.status)).toEqual([201, 201, 409]);
  });

  it('answers an example for a route without a behavior, and says when a behavior breaks the schema', async () => {
    const gateway = await startMockPeer('gateway', { identitySecret: SECRET });
    const broken = await startMockPeer('purchasing', {
      identitySecret: SECRET,
      behaviors: { routes: { purchasingPurchaseOrders: () => ({ data: 'nope' }) as never }, state: () => ({}) },
    });
    try {
      const headers = { [IDENTITY_HEADER]: signIdentity({ orgId: ORG, keyId: 'service:x', permissions: [] }, SECRET) };
      const settings = await fetch(`${gateway.url}/internal/v1/settings`, { headers });
      expect(await json(settings)).toMatchObject({ invoiceWorkflow: 'simple', accountingPush: 'none' });
      const res = await fetch(`${broken.url}/internal/v1/purchase-orders/batch`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ ids: ['po_1'] }),
      });
      expect([res.status, (await json(res)).error.code]).toEqual([500, 'mock_failed']);
    } finally {
      await gateway.close();
      await broken.close();
    }
  });
});
