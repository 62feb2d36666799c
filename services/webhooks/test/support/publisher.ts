import { newEvent } from '@stockyard/service-kit';
import { Broker } from '@stockyard/service-kit/events';
import { createLogger } from '@stockyard/service-kit/ops';
import { eventually, startReceiver } from '@stockyard/testkit';
import type { DeliveryDoc } from '../../src/store/delivery.model';
import type { Harness } from './webhooks';

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A confirm-channel publisher on the harness's exchange, as other services publish. */
export async function startPublisher(harness: Pick<Harness, 'config'>): Promise<Broker> {
  const publisher = new Broker(
    harness.config.AMQP_URL,
    harness.config.EVENTS_EXCHANGE,
    createLogger('publisher', 'silent'),
  );
  await publisher.start();
  return publisher;
}

export const availabilityChanged = (orgId: string, newAvailable = 3) =>
  newEvent('inventory.availability_changed', { orgId, variantId: 'var_1', oldAvailable: 5, newAvailable });

export const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once the receiver holds at least `count` requests. */
export const requests = (receiver: Receiver, count: number, timeoutMs = 60_000) =>
  eventually(() => (receiver.received.length >= count ? receiver.received : undefined), timeoutMs, 25);

/** The delivery documents of an organization, once `ready` holds for them. */
export const deliveriesWhen = (
  harness: Pick<Harness, 'connection'>,
  orgId: string,
  ready: (docs: DeliveryDoc[]) => boolean,
  timeoutMs = 60_000,
) =>
  eventually(
    async () => {
      const docs = await harness.connection.collection<DeliveryDoc>('webhook_deliveries').find({ orgId }).toArray();
      return ready(docs) ? docs : undefined;
    },
    timeoutMs,
    50,
  );
