import type { WebhookDeliveryStatus } from '@stockyard/contracts';
import { stateTable } from '@stockyard/service-kit';

type DeliveryTrigger = 'attempt_succeeded' | 'attempt_failed' | 'attempts_exhausted' | 'endpoint_disabled' | 'replay';

/**
 * A delivery's life: pending until an attempt succeeds, the retry schedule runs out or its
 * endpoint is disabled; a failed one goes back to pending when replayed. Succeeded is final.
 */
export const deliveryStates = stateTable<WebhookDeliveryStatus, DeliveryTrigger>(
  'Delivery',
  {
    pending: {
      attempt_succeeded: 'succeeded',
      attempt_failed: 'pending',
      attempts_exhausted: 'failed',
      endpoint_disabled: 'failed',
    },
    succeeded: {},
    failed: { replay: 'pending' },
  },
  'delivery_not_failed',
);
