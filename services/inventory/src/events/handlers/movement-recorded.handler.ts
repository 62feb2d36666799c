import type { EventEnvelope, StockMovement } from '@stockyard/contracts';
import type { StockRepository } from '../../store/stock.repository';

/**
 * Writes a ledger row the request path did not get to write (a crash between the change
 * and the row): the outbox relay runs it for every `stock.movement_recorded` entry, and
 * the `inventory.movements` consumer for copies older replicas published.
 */
export const movementRecordedHandler = (stock: StockRepository) => async (event: EventEnvelope) => {
  await stock.recordMovementIfNew(event.orgId, event.payload.movement as StockMovement);
};
