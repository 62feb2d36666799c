import { PeriodicPass, type Logger } from '@stockyard/service-kit';
import type { Hold } from '../domain/hold';
import type { HoldReads } from '../store/hold.repository';
import type { HoldMoves } from './hold-moves';

/** Moves finished per round at most. */
const PER_ROUND = 200;

/**
 * Every HOLD_SWEEP_MS each process finishes the hold moves left in flight longer than
 * HOLD_STUCK_MS (a crash between writing a move and its answer, inventory away): it asks again
 * with the move's own key, which inventory applies once, so two replicas sweeping the same
 * hold move nothing twice (no lease needed). An organization's stuck moves are finished
 * together (HoldMoves.finishMany: one call to inventory, one batched change, their orders'
 * fulfilment refreshed once).
 */
export class HoldSweep extends PeriodicPass {
  constructor(
    private readonly holds: HoldReads,
    private readonly moves: HoldMoves,
    private readonly settings: { everyMs: number; stuckMs: number },
    logger: Logger,
  ) {
    super('hold sweep', settings.everyMs, logger);
  }

  protected async pass(): Promise<void> {
    const stuck = await this.holds.stuck(new Date(Date.now() - this.settings.stuckMs), PER_ROUND);
    const byOrg = new Map<string, Hold[]>();
    for (const hold of stuck) byOrg.set(hold.orgId, [...(byOrg.get(hold.orgId) ?? []), hold]);
    for (const [orgId, holds] of byOrg) {
      const holdIds = holds.map((h) => h.id);
      await this.moves
        .finishMany(holds)
        .catch((err: Error) =>
          this.logger.warn({ orgId, holdIds, err: err.message }, 'hold moves left for the next sweep'),
        );
    }
  }
}
