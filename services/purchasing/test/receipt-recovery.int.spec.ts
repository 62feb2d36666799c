import { eventually } from '@stockyard/testkit';
import { operationKeyOf } from '../src/commands/receive-commands';
import { startPurchasing, type Purchasing } from './support/purchasing';

const ORG = 'org_po_recovery';

/**
 * A receipt is recorded before inventory is asked, so an outage or a crash between the steps
 * leaves a pending receipt that a replay or the sweep applies, moving the stock exactly once.
 */
describe('receipts across outages and crashes', () => {
  let h: Purchasing;
  beforeAll(async () => {
    // The sweep every 200 ms, for receipts pending longer than 300 ms.
    h = await startPurchasing(ORG, { switchable: true, env: { RECEIPT_SWEEP_MS: '200', RECEIPT_GRACE_MS: '300' } });
  }, 60_000);
  afterAll(() => h.close());
  afterEach(async () => {
    await h.proxies!.inventory.up().catch(() => undefined);
    await h.proxies!.catalog.up().catch(() => undefined);
  });

  const order = (id: string) => h.request('GET', `/purchase-orders/${id}`).then((r) => r.body);

  it('answers 503 dependency_unavailable while inventory is down, then the sweep puts the stock in once', async () => {
    const { po, lineId, variantId } = await h.submittedOrder(6);
    await h.proxies!.inventory.down();
    const res = await h.receive(po.id, lineId, { quantity: 6 });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('dependency_unavailable');
    const pending = await order(po.id);
    expect(pending.receipts).toEqual([expect.objectContaining({ status: 'pending', quantity: 6 })]);
    expect(pending.lines[0].openQuantity).toBe(0);
    // The pending receipt holds the open quantity: no second receipt meanwhile.
    expect((await h.receive(po.id, lineId, { quantity: 1 })).body.error.code).toBe('over_receipt');

    await h.proxies!.inventory.up();
    const done = await eventually(async () => ((await order(po.id)).status === 'RECEIVED' ? true : undefined));
    expect(done).toBe(true);
    expect(await h.onHand(variantId)).toBe(6);
    await h.eventOf('purchase_order.status_changed', { purchaseOrderId: po.id, toStatus: 'RECEIVED' });
  });

  it('applies the pending receipt, once, when the request is replayed with its Idempotency-Key', async () => {
    const { po, lineId, variantId } = await h.submittedOrder(5);
    const headers = { 'Idempotency-Key': `outage-${po.id}` };
    await h.proxies!.inventory.down();
    expect((await h.receive(po.id, lineId, { quantity: 2 }, headers)).status).toBe(503);
    await h.proxies!.inventory.up();
    const replay = await h.receive(po.id, lineId, { quantity: 2 }, headers);
    expect(replay.status).toBe(201);
    expect(replay.body.receipts).toEqual([expect.objectContaining({ status: 'applied', quantity: 2 })]);
    expect(await h.onHand(variantId)).toBe(2);
  });

  it('recovers a receipt recorded just before a crash (nothing asked of inventory yet)', async () => {
    const { po, lineId, variantId } = await h.submittedOrder(3);
    // Step 1 only, as a process that died right after it leaves the order.
    await h.deps.purchaseOrders.receiving.record(ORG, po.id, lineId, {
      quantity: 3,
      receiptId: 'rcp_crash1',
      requestKey: null,
    });
    await eventually(async () => ((await order(po.id)).status === 'RECEIVED' ? true : undefined));
    expect(await h.onHand(variantId)).toBe(3);
  });

  it('does not receive twice a receipt whose stock went in just before a crash', async () => {
    const { po, lineId, variantId, warehouseId } = await h.submittedOrder(4);
    const { state } = await h.deps.purchaseOrders.receiving.record(ORG, po.id, lineId, {
      quantity: 4,
      receiptId: 'rcp_crash2',
      requestKey: null,
    });
    // Step 2 done, step 3 never written: inventory has the stock under the receipt's key.
    const receipt = state.receipts[0]!;
    const put = await h.inventory.request(
      'POST',
      '/stock/receive',
      { operationKey: operationKeyOf(po, receipt), variantId, warehouseId, quantity: 4 },
      { base: '/internal/v1' },
    );
    expect(put.status).toBe(201);
    await eventually(async () => ((await order(po.id)).status === 'RECEIVED' ? true : undefined));
    expect(await h.onHand(variantId)).toBe(4);
  });

  it('answers 503 dependency_unavailable on create while the catalog is down', async () => {
    const channelId = await h.supplier();
    await h.proxies!.catalog.down();
    const res = await h.request('POST', '/purchase-orders', { channelId, type: 'DROPSHIP' });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('dependency_unavailable');
  });

  it('answers 503 dependency_unavailable on create while inventory is down (the warehouse check)', async () => {
    const channelId = await h.supplier();
    await h.proxies!.inventory.down();
    const res = await h.request('POST', '/purchase-orders', { channelId, warehouseId: 'wh_1' });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('dependency_unavailable');
  });
});
