import { startReceiver, walkStateTable } from '@stockyard/testkit';
import { newDelivery } from '../src/domain/delivery';
import { deliveryStates } from '../src/domain/delivery-states';
import { deliveriesOn } from './support/service-parts';
import { startWebhooks, type Harness } from './support/webhooks';

let harness: Harness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  harness = await startWebhooks('org_delivery_states', { env: { WEBHOOK_URL_ALLOWLIST: '127.0.0.1' } });
  receiver = await startReceiver(() => 200);
});
afterAll(async () => {
  await receiver.close();
  await harness.close();
});

describe('the delivery state table', () => {
  it('is followed by POST /webhooks/deliveries/{id}/replay from every status', async () => {
    const orgId = 'org_delivery_states';
    const endpoint = await harness.request(
      'POST',
      '/webhooks',
      { url: receiver.url, events: ['product.created'] },
      { orgId },
    );
    // Written straight to storage: no route makes a delivery in a status of the test's choosing.
    const { created } = deliveriesOn(harness.connection);
    let n = 0;
    const walked = await walkStateTable(
      deliveryStates,
      async (from) => {
        // A delivery in `from`, not due for an hour, so the worker leaves it alone.
        const event = { id: `evt_states_${n++}`, name: 'product.created' as const, orgId, occurredAt: '', payload: {} };
        const delivery = newDelivery(event, endpoint.body.id, new Date());
        await created.createIfAbsent({
          ...delivery,
          status: from,
          nextAttemptAt: new Date(Date.now() + 3_600_000),
        });
        const res = await harness.request('POST', `/webhooks/deliveries/${delivery.id}/replay`, undefined, { orgId });
        return res.status === 201 ? { status: res.body.status } : { code: res.body.error.code };
      },
      ['replay'],
    );
    expect(walked).toHaveLength(3);
  });
});
