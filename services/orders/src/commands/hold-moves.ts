import { PeerRefusedError, type InventoryClient } from '@stockyard/contracts';
import { dependencyUnavailable, type Logger } from '@stockyard/service-kit';
import type { Hold, PendingMove } from '../domain/hold';
import type { Planned } from '../domain/hold-plans';
import type { HoldRepository } from '../store/hold.repository';

export interface Ran {
  hold: Hold;
  made: boolean;
}

/** The refusal's code inventory sent (its error envelope). */
const codeOf = (err: PeerRefusedError) =>
  (err.body as { error?: { code?: string } } | undefined)?.error?.code ?? `http_${err.status}`;

/**
 * Moves stock for holds, the one way holds and inventory stay in agreement: the move is written
 * on the hold first (`pendingMove`, with its operation key), then asked of inventory, then its
 * effect applied to the hold and the move cleared. A crash or a failed call leaves the move on
 * the hold; `finish` (the next command on the hold, or the sweep) asks again with the same key,
 * which inventory applies once. A refusal clears the move with no effect (a reserve above
 * what is available, a deduct from stock that is not there: the hold goes back to `undo`).
 */
export class HoldMoves {
  constructor(
    private readonly holds: HoldRepository,
    readonly stock: InventoryClient,
    private readonly logger: Logger,
  ) {}

  /**
   * Plans a move on the hold (after finishing any move in flight) and makes it: `plan` returns
   * the move and the hold's new fields, or undefined to do nothing. Answers the hold after, and
   * whether this call's plan was written (false: nothing to do, or another caller's move was in flight).
   */
  async run(orgId: string, id: string, plan: (current: Hold) => Planned | undefined): Promise<Ran> {
    let hold = await this.holds.find(orgId, id);
    if (hold?.pendingMove) hold = await this.finish(hold);
    const planned = await this.holds.change(orgId, id, (current) => {
      if (current.pendingMove) return { result: { move: current.pendingMove, made: false } };
      const next = plan(current);
      if (!next) return { result: { move: null, made: false } };
      const move = next.move ? { ...next.move, at: new Date() } : null;
      return { state: { ...next.state, pendingMove: move }, result: { move, made: true } };
    });
    const { move, made } = planned.result;
    return { hold: move ? await this.finish(planned.state) : planned.state, made };
  }

  /** Asks inventory for the hold's move in flight and applies its answer (the sweep and every command). */
  async finish(hold: Hold): Promise<Hold> {
    const move = hold.pendingMove;
    if (!move) return hold;
    let refused: string | null = null;
    try {
      await this.call(hold, move);
    } catch (err) {
      if (!(err instanceof PeerRefusedError)) throw dependencyUnavailable('inventory');
      refused = codeOf(err);
      this.logger.warn({ holdId: hold.id, key: move.operationKey, code: refused }, 'inventory refused a hold move');
    }
    const settled = await this.holds.change(hold.orgId, hold.id, (current) => {
      if (current.pendingMove?.operationKey !== move.operationKey) return {};
      return { state: { ...(refused ? undone(current, move) : applied(current, move)), pendingMove: null } };
    });
    return settled.state;
  }

  private call(hold: Hold, move: PendingMove) {
    const body = { operationKey: move.operationKey, variantId: hold.variantId, warehouseId: move.warehouseId };
    if (move.kind === 'reserve') return this.stock.reserve(hold.orgId, { ...body, quantity: move.quantity });
    if (move.kind === 'release') return this.stock.release(hold.orgId, { ...body, quantity: move.quantity });
    return this.stock.deduct(hold.orgId, { ...body, quantity: move.quantity, fromReserved: move.fromReserved });
  }
}

/** The hold once inventory made the move. */
function applied(hold: Hold, move: PendingMove): Hold {
  if (move.kind === 'reserve') return { ...hold, reservedQuantity: hold.reservedQuantity + move.quantity };
  if (move.kind === 'release') return { ...hold, reservedQuantity: Math.max(0, hold.reservedQuantity - move.quantity) };
  const fromReserved = move.fromReserved ? move.quantity : 0;
  return {
    ...hold,
    reservedQuantity: Math.max(0, hold.reservedQuantity - fromReserved),
    committedQuantity: hold.committedQuantity + move.quantity,
  };
}

/** The hold once inventory refused the move: a refused deduct puts the hold back as it was. */
function undone(hold: Hold, move: PendingMove): Hold {
  if (move.kind === 'deduct' && move.undo) return { ...hold, status: move.undo };
  return hold;
}
