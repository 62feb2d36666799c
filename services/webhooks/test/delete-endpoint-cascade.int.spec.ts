/**
 * DELETE /webhooks/{id} removes the endpoint at once and its deliveries in passes of
 * WEBHOOK_CASCADE_PAGE (lowered to 2 here so the data stays small): one in the request, the rest
 * in the background, from a durable cascade any process's sweep finishes.
 */
import { eventually } from '@stockyard/testkit';
import { CASCADE_SETTLE_MS } from '../src/delivery/endpoint-cascade';
import { startWebhooks, type Harness } from './support/webhooks';

const PUBLIC_URL = 'https://93.184.215.14/hooks'; // a literal public address: no DNS needed
let harness: Harness;
beforeAll(async () => {
  harness = await startWebhooks('org_cascade', { env: { WEBHOOK_CASCADE_PAGE: '2', WEBHOOK_CASCADE_SWEEP_MS: '200' } });
});
afterAll(() => harness.close());

const deliveries = () => harness.connection.collection('webhook_deliveries');
const cascades = () => harness.connection.collection('webhook_endpoint_cascades');
const countOf = (orgId: string, endpointId: string) => deliveries().countDocuments({ orgId, endpointId });

async function endpoint(orgId: string): Promise<string> {
  const res = await harness.request('POST', '/webhooks', { url: PUBLIC_URL, events: ['product.updated'] }, { orgId });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** Succeeded deliveries of the endpoint, stored as the dispatcher stores them (nothing left to send). */
async function seedDeliveries(orgId: string, endpointId: string, n: number): Promise<void> {
  const now = new Date();
  const attempt = { number: 1, at: now, responseStatus: 200, durationMs: 5, error: null, responseBody: 'ok' };
  await deliveries().insertMany(
    Array.from({ length: n }, (_, i) => ({
      _id: `dlv_${endpointId}_${i}`,
      orgId,
      endpointId,
      eventId: `evt_${i}`,
      event: 'product.updated',
      payload: { productId: `prd_${i}`, deleted: false },
      status: 'succeeded',
      attempts: [attempt],
      nextAttemptAt: null,
      lastError: null,
      leaseUntil: null,
      leaseId: null,
      version: 1,
      createdAt: now,
      updatedAt: now,
    })) as never[],
  );
}

describe('DELETE /webhooks/{id}, the cascade to its deliveries', () => {
  it('removes the endpoint at once, its deliveries in passes, not another endpoint’s; a repeat is a 404', async () => {
    const orgId = 'org_cascade';
    const [gone, kept] = [await endpoint(orgId), await endpoint(orgId)];
    await seedDeliveries(orgId, gone, 7);
    await seedDeliveries(orgId, kept, 3);

    const res = await harness.request('DELETE', `/webhooks/${gone}`, undefined, { orgId });
    expect(res.status).toBe(204);
    expect(
      (await harness.request('GET', '/webhooks', undefined, { orgId })).body.data.map((e: { id: string }) => e.id),
    ).toEqual([kept]);
    expect((await harness.request('GET', `/webhooks/${gone}/deliveries`, undefined, { orgId })).status).toBe(404);
    await eventually(async () => ((await countOf(orgId, gone)) === 0 ? true : undefined));
    expect(await countOf(orgId, kept)).toBe(3);

    expect((await harness.request('DELETE', `/webhooks/${gone}`, undefined, { orgId })).status).toBe(404);
    expect(await countOf(orgId, kept)).toBe(3);
    expect((await harness.request('GET', '/webhooks', undefined, { orgId })).body.total).toBe(1);
  });

  it('finishes a cascade a stopped process left open, then closes it', async () => {
    const orgId = 'org_cascade_left';
    await seedDeliveries(orgId, 'we_left', 5);
    await seedDeliveries(orgId, 'we_other', 1);
    await cascades().insertOne({ _id: 'we_left', orgId, openedAt: new Date(Date.now() - CASCADE_SETTLE_MS) } as never);
    await eventually(async () =>
      (await cascades().countDocuments({ _id: 'we_left' } as never)) === 0 ? true : undefined,
    );
    expect(await countOf(orgId, 'we_left')).toBe(0);
    expect(await countOf(orgId, 'we_other')).toBe(1);
  });

  it('removes nothing for a cascade whose endpoint still exists (a request that died between its writes)', async () => {
    const orgId = 'org_cascade_alive';
    const alive = await endpoint(orgId);
    await seedDeliveries(orgId, alive, 3);
    await cascades().insertOne({ _id: alive, orgId, openedAt: new Date(Date.now() - CASCADE_SETTLE_MS) } as never);
    await eventually(async () => ((await cascades().countDocuments({ _id: alive } as never)) === 0 ? true : undefined));
    expect(await countOf(orgId, alive)).toBe(3);
    expect((await harness.request('GET', `/webhooks/${alive}/deliveries`, undefined, { orgId })).body.total).toBe(3);
  });
});
