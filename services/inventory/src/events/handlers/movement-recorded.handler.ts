import type { TypedEvent } from '@stockyard/contracts';
import type { MOVEMENT_RECORDED } from '../../domain/level-change';
import type { Ledger } from '../../store/ledger';

/**
 * Writes a ledger row the request path did not get to write (a crash between the change
 * and the row): the outbox relay runs it for every `stock.movement_recorded` entry, and
 * the `inventory.movements` consumer for copies older replicas published.
 */
export const movementRecordedHandler =
  (ledger: Ledger) =>
  async ({ orgId, payload }: TypedEvent<typeof MOVEMENT_RECORDED>): Promise<void> => {
    await ledger.recordMovementIfNew(orgId, payload.movement);
  };
