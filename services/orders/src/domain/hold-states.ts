import type { ReservationStatus } from '@stockyard/contracts';
import { stateTable } from '@stockyard/service-kit';

/**
 * A stock hold's lifecycle (the spec's Reservation table; services/orders/README.md, "Holds").
 * `allocate` to a source from PENDING or ALLOCATED (another source); `deallocate` back to
 * PENDING; `commit` by fulfilment from an open hold; `cancel` when its order is cancelled or the
 * hold is stale (its order shipped without us); `restore` a CANCELLED hold for restore-and-fulfil.
 * COMMITTED is final.
 */
export const holdStates = stateTable<ReservationStatus, 'allocate' | 'deallocate' | 'commit' | 'cancel' | 'restore'>(
  'Reservation',
  {
    PENDING: { allocate: 'ALLOCATED', commit: 'COMMITTED', cancel: 'CANCELLED' },
    ALLOCATED: { allocate: 'ALLOCATED', deallocate: 'PENDING', commit: 'COMMITTED', cancel: 'CANCELLED' },
    COMMITTED: {},
    CANCELLED: { restore: 'PENDING' },
  },
);
