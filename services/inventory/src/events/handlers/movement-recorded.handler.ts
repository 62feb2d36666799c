import type { TypedEvent } from '@stockyard/contracts';
import type { MOVEMENT_RECORDED } from '../../domain/level-change';
import type { Ledger } from '../../store/ledger';

/**
 * Writes the ledger row of a `stock.movement_recorded` an older replica published (a rolling
 * deploy, from before the relay applied it in its process), unless it is there already.
 */
export const movementRecordedHandler =
  (ledger: Ledger) =>
  async (event: TypedEvent<typeof MOVEMENT_RECORDED>): Promise<void> => {
    await ledger.apply([event]);
  };
