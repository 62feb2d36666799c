import {
  MAX_STOCK_MOVES,
  PeerRefusedError,
  type InventoryClient,
  type StockMove,
  type StockMoveOutcome,
} from '@stockyard/contracts';
import { dependencyUnavailable, type Logger } from '@stockyard/service-kit';
import { isDropship, type Hold, type PendingMove } from '../domain/hold';
import type { Planned } from '../domain/hold-plans';
import type { HoldReads, HoldStore } from '../store/hold.repository';

interface Ran {
  hold: Hold;
  made: boolean;
}

/** Brings orders' fulfilment up to their holds, after the work at hand (commands/fulfilment-refresh.ts). */
interface FulfilmentListener {
  later(orgId: string, orderIds: readonly string[]): void;
}

/** Whether a settled move changed what the hold's order shows of fulfilment (a deduct, a dropship hold reserved). */
const movesFulfilment = (before: Hold, after: Hold) =>
  before.committedQuantity !== after.committedQuantity || isDropship(before) !== isDropship(after);

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
 * A settled move that changes what the order shows of fulfilment (a deduct, above all) has its
 * orders refreshed, once per call however many holds it settled, unless its caller refreshes
 * them itself (`refreshedByCaller`).
 */
export class HoldMoves {
  constructor(
    private readonly store: HoldStore,
    private readonly holds: HoldReads,
    readonly stock: InventoryClient,
    private readonly logger: Logger,
    private readonly fulfilment?: FulfilmentListener,
  ) {}

  /**
   * The same moves for a caller that refreshes the orders of the holds it moves itself, from the
   * holds they settled, once they all did, and after a failure too (fulfil, restore-and-fulfil):
   * their settles ask for no refresh, which would be a second write of the order racing the
   * caller's own.
   */
  refreshedByCaller(): HoldMoves {
    return new HoldMoves(this.store, this.holds, this.stock, this.logger);
  }

  /**
   * The orders' fulfilment refreshed after their holds' moves settled, not waited for: moves run in
   * the holds sync too, which the relay may replay while it holds the order's lock. The move is made
   * whatever the refresh does.
   */
  private told(orgId: string, orderIds: string[]): void {
    this.fulfilment?.later(orgId, orderIds);
  }

  /**
   * Plans a move on the hold (after finishing any move in flight) and makes it: `plan` returns
   * the move and the hold's new fields, or undefined to do nothing. Answers the hold after, and
   * whether this call's plan was written (false: nothing to do, or another caller's move was in flight).
   */
  async run(orgId: string, id: string, plan: (current: Hold) => Planned | undefined): Promise<Ran> {
    let hold = await this.holds.find(orgId, id);
    if (hold?.pendingMove) hold = await this.finish(hold);
    const planned = await this.store.change(orgId, id, (current) => {
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
    const settled = await this.store.change(hold.orgId, hold.id, (current) => {
      if (current.pendingMove?.operationKey !== move.operationKey) return { result: false };
      const next = { ...(refused ? undone(current, move) : applied(current, move)), pendingMove: null };
      return { state: next, result: movesFulfilment(current, next) };
    });
    if (settled.result) this.told(hold.orgId, [hold.orderId]);
    return settled.state;
  }

  /**
   * `run` for many holds of an organization: their moves in flight finished, then each plan
   * written in one batched change, then the moves asked of inventory in one call and their
   * effects applied in one batched change. Answers per id (a hold that is not there: none).
   */
  async runMany(orgId: string, ids: readonly string[], plan: (current: Hold) => Planned | undefined) {
    const before = await this.holds.byIds(orgId, [...ids]);
    await this.finishMany(before.filter((h) => h.pendingMove));
    const planned = await this.store.changeMany(orgId, ids, (current) => {
      if (current.pendingMove) return { result: { made: false } };
      const next = plan(current);
      if (!next) return { result: { made: false } };
      const move = next.move ? { ...next.move, at: new Date() } : null;
      return { state: { ...next.state, pendingMove: move }, result: { made: true } };
    });
    const written = [...planned.values()].flatMap((o) => (o.ok ? [o] : []));
    const finished = new Map((await this.finishMany(written.map((o) => o.state))).map((h) => [h.id, h]));
    const ran = new Map<string, Ran>();
    for (const [id, outcome] of planned) {
      if (outcome.ok) ran.set(id, { hold: finished.get(id) ?? outcome.state, made: outcome.result.made });
    }
    return ran;
  }

  /**
   * `finish` for many holds at once: the moves in flight asked of inventory in one call (per
   * MAX_STOCK_MOVES), their answers applied in one batched change. A move inventory could not
   * answer (away, or busy: a 5xx outcome) stays on its hold for the next command or the sweep.
   * Answers every hold given, as it is after.
   */
  async finishMany(holds: readonly Hold[]): Promise<Hold[]> {
    const pending = holds.filter((h) => h.pendingMove);
    if (pending.length === 0) return [...holds];
    const orgId = pending[0]!.orgId;
    const answers = new Map<string, StockMoveOutcome>();
    try {
      for (let i = 0; i < pending.length; i += MAX_STOCK_MOVES) {
        const part = pending.slice(i, i + MAX_STOCK_MOVES);
        for (const outcome of await this.stock.moves(orgId, part.map(stockMoveOf)))
          answers.set(outcome.operationKey, outcome);
      }
    } catch {
      throw dependencyUnavailable('inventory');
    }
    const answered = pending.filter((h) => {
      const outcome = answers.get(h.pendingMove!.operationKey);
      return outcome && (outcome.ok || outcome.error.status < 500);
    });
    for (const h of answered) {
      const outcome = answers.get(h.pendingMove!.operationKey)!;
      if (!outcome.ok) {
        const code = outcome.error.code;
        this.logger.warn({ holdId: h.id, key: h.pendingMove!.operationKey, code }, 'inventory refused a hold move');
      }
    }
    const moveOf = new Map(answered.map((h) => [h.id, h.pendingMove!]));
    const settled = await this.store.changeMany(orgId, [...moveOf.keys()], (current) => {
      const move = moveOf.get(current.id)!;
      if (current.pendingMove?.operationKey !== move.operationKey) return { result: false };
      const refused = !answers.get(move.operationKey)!.ok;
      const next = { ...(refused ? undone(current, move) : applied(current, move)), pendingMove: null };
      return { state: next, result: movesFulfilment(current, next) };
    });
    const moved = [...settled.values()].flatMap((o) => (o.ok && o.result ? [o.state.orderId] : []));
    this.told(orgId, [...new Set(moved)]);
    return holds.map((h) => {
      const outcome = settled.get(h.id);
      return outcome?.ok ? outcome.state : h;
    });
  }

  private call(hold: Hold, move: PendingMove) {
    const body = { operationKey: move.operationKey, variantId: hold.variantId, warehouseId: move.warehouseId };
    if (move.kind === 'reserve') return this.stock.reserve(hold.orgId, { ...body, quantity: move.quantity });
    if (move.kind === 'release') return this.stock.release(hold.orgId, { ...body, quantity: move.quantity });
    return this.stock.deduct(hold.orgId, { ...body, ...deductOf(move) });
  }
}

/** A hold's move in flight as inventory's batch takes it. */
function stockMoveOf(hold: Hold): StockMove {
  const move = hold.pendingMove!;
  const body = { operationKey: move.operationKey, variantId: hold.variantId, warehouseId: move.warehouseId };
  if (move.kind === 'deduct') return { kind: 'deduct', ...body, ...deductOf(move) };
  return { kind: move.kind, ...body, quantity: move.quantity };
}

/** A deduct's fields: its sale only when planned with one (a move written before sales were sent has none). */
function deductOf(move: PendingMove) {
  return { quantity: move.quantity, fromReserved: move.fromReserved, ...(move.sale ? { sale: move.sale } : {}) };
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
