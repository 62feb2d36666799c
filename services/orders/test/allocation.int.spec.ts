import { holdsOf, orderOf, stockedChannel } from './support/holds';
import { startOrders, type Orders } from './support/orders';

const ORG = 'org_allocate';
const OTHER = 'org_allocate_other';

describe('allocating holds to inbound sources', () => {
  let h: Orders;
  let holdId: string;
  let variantId: string;
  let warehouseId: string;
  let channelId: string;
  let source: string;
  beforeAll(async () => {
    h = await startOrders(ORG, { env: { HOLD_SWEEP_MS: '0' } });
    const stocked = await stockedChannel(h, 4);
    ({ channelId, warehouseId } = stocked);
    variantId = stocked.variant.id;
    const body = { name: 'Acme', currency: 'EUR', leadTimeDays: 6 };
    source = (await h.ok(await h.catalog.request('POST', '/sources', body), 'source')).id;
    const skus = [{ sku: 'ACME-1', variantId, cost: 2.25, availableQuantity: 40 }];
    await h.ok(await h.catalog.request('POST', `/sources/${source}/skus`, { skus }), 'offers');
    const order = await orderOf(h, channelId, variantId, 2, 'A-1');
    holdId = (await holdsOf(h, order.id))[0].id;
  });
  afterAll(() => h.close());

  it('available-sources: the offering sources (cost, available quantity, lead time) and the warehouses', async () => {
    const res = await h.request('GET', `/reservations/${holdId}/available-sources`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      reservationId: holdId,
      variantId,
      sources: [{ sourceChannelId: source, cost: 2.25, availableQuantity: 40, leadTimeDays: 6 }],
      warehouses: [{ warehouseId, onHand: 4, available: 2 }],
    });
  });

  it('allocate (PENDING → ALLOCATED, again to the same or another source), deallocate (→ PENDING)', async () => {
    const res = await h.request('POST', `/reservations/${holdId}/allocate`, { sourceChannelId: source });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: holdId, status: 'ALLOCATED', sourceChannelId: source });
    const again = await h.request('POST', `/reservations/${holdId}/allocate`, { sourceChannelId: source });
    expect(again.body.status).toBe('ALLOCATED');
    const back = await h.request('POST', `/reservations/${holdId}/deallocate`);
    expect(back.status).toBe(201);
    expect(back.body).toMatchObject({ status: 'PENDING', sourceChannelId: null });
  });

  it('refuses deallocating a hold that is not ALLOCATED (409)', async () => {
    const res = await h.request('POST', `/reservations/${holdId}/deallocate`);
    expect([res.status, res.body.error.code]).toEqual([409, 'invalid_status_transition']);
  });

  it('refuses an unknown source (422 unknown_source) and one not offering the variant (422)', async () => {
    const unknown = await h.request('POST', `/reservations/${holdId}/allocate`, { sourceChannelId: 'src_nope' });
    expect([unknown.status, unknown.body.error.code]).toEqual([422, 'unknown_source']);
    const body = { name: 'Other supplier', currency: 'EUR' };
    const bare = (await h.ok(await h.catalog.request('POST', '/sources', body), 'source')).id;
    const res = await h.request('POST', `/reservations/${holdId}/allocate`, { sourceChannelId: bare });
    expect([res.status, res.body.error.code]).toEqual([422, 'source_not_offering_variant']);
    const missing = await h.request('POST', `/reservations/${holdId}/allocate`, {});
    expect([missing.status, missing.body.error.code]).toEqual([400, 'validation_failed']);
  });

  it('refuses allocating or deallocating a COMMITTED or CANCELLED hold (409)', async () => {
    const fulfilled = await orderOf(h, channelId, variantId, 1, 'A-2');
    await h.request('POST', `/orders/${fulfilled.id}/fulfill`, {});
    const cancelled = await orderOf(h, channelId, variantId, 1, 'A-3');
    await h.request('PUT', `/orders/${cancelled.id}/status`, { status: 'CANCELLED' });
    for (const order of [fulfilled, cancelled]) {
      const [hold] = await holdsOf(h, order.id);
      expect(['COMMITTED', 'CANCELLED']).toContain(hold.status);
      const res = await h.request('POST', `/reservations/${hold.id}/allocate`, { sourceChannelId: source });
      expect([res.status, res.body.error.code]).toEqual([409, 'invalid_status_transition']);
      const de = await h.request('POST', `/reservations/${hold.id}/deallocate`);
      expect([de.status, de.body.error.code]).toEqual([409, 'invalid_status_transition']);
    }
  });

  it('another organization’s hold is 404 on every reservation route', async () => {
    const asOther = { orgId: OTHER };
    const calls = [
      h.request('POST', `/reservations/${holdId}/allocate`, { sourceChannelId: source }, asOther),
      h.request('POST', `/reservations/${holdId}/deallocate`, undefined, asOther),
      h.request('GET', `/reservations/${holdId}/available-sources`, undefined, asOther),
    ];
    for (const res of await Promise.all(calls)) {
      expect([res.status, res.body.error.code]).toEqual([404, 'resource_not_found']);
    }
  });
});
