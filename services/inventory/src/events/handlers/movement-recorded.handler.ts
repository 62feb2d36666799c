import type { EventEnvelope, StockMovement } from '@stockyard/contracts';
import type { StockRepository } from '../../store/stock.repository';

/** Rebuilds a ledger row the request path did not get to write (crash between the two). */
export const movementRecordedHandler = (stock: StockRepository) => async (event: EventEnvelope) => {
  await stock.recordMovementIfNew(event.orgId, event.payload.movement as StockMovement);
};
