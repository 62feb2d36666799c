import type {
  DeductStock,
  ReceiveStock,
  ReserveStock,
  StockMove,
  StockMoveOutcome,
  StockOperationResult,
} from '@stockyard/contracts';
import { AppError } from '@stockyard/service-kit';
import type { CostingMethod } from '../domain/cost-layer';
import { decision, type LevelChange, type LevelDecision } from '../domain/level-change';
import { appliedAs, paramsOf, signatureOf, type OperationKind, type OperationParams } from '../domain/operations';
import { availableOf, onHandOf, type StockLevel } from '../domain/stock-level';
import { deductStock, receiveStock, releaseStock, reserveStock } from '../domain/stock-operations';
import { operationKeyReused } from '../domain/stock.errors';
import { joinValuations } from '../domain/valuation-recorded';
import type { OperationRepository } from '../store/operation.repository';
import { movementIds, type StockCommands } from './stock-commands';

/** A keyed operation's change of its level, in the organization's costing method. */
type Compute = (level: StockLevel, method: CostingMethod) => LevelChange;

/**
 * The change of a keyed operation on the level: applied once; the key again with the same
 * parameters is a replay (nothing moves), with others a 409 (a key kept before its parameters
 * were is taken as the same).
 */
function once(
  level: StockLevel,
  method: CostingMethod,
  key: string,
  params: OperationParams,
  compute: Compute,
): LevelDecision<{ replayed: boolean }> {
  const applied = appliedAs(level, key);
  if (!applied) return decision(level, compute(level, method), { replayed: false });
  if (applied.sig !== undefined && applied.sig !== signatureOf(params)) throw operationKeyReused(key);
  return { result: { movements: [], replayed: true } };
}

/**
 * The internal API's operations. The key is checked twice: in the long-lived
 * stock_operations record (with the parameters it was applied with), then on the level
 * document itself, in the same locked read-compute-write as the change (the authoritative
 * check: "applied" is written in the same update as the stock it moved).
 */
export class InternalCommands {
  constructor(
    private readonly commands: StockCommands,
    private readonly operations: OperationRepository,
  ) {}

  private async run(
    orgId: string,
    kind: OperationKind,
    input: ReserveStock | ReceiveStock | DeductStock,
    compute: Compute,
  ): Promise<StockOperationResult> {
    const { operationKey, variantId } = input;
    const params = paramsOf(kind, input);
    let replayed = await this.operations.seen(orgId, operationKey, params);
    let level: StockLevel | null;
    let movements: StockOperationResult['movements'] = [];
    if (replayed) {
      level = await this.commands.stock.find(orgId, variantId);
    } else {
      await this.commands.checkPlace(orgId, input.warehouseId, (input as ReceiveStock).binId);
      ({ level, movements, replayed } = await this.commands.apply(orgId, variantId, (current, method) =>
        once(current, method, operationKey, params, compute),
      ));
      await this.operations.remember(orgId, operationKey, params);
    }
    const current = level ?? { locations: [], reserved: 0 };
    return {
      operationKey,
      replayed,
      variantId,
      onHand: onHandOf(current),
      reserved: current.reserved,
      available: availableOf(current),
      movements,
    };
  }

  /**
   * POST /stock/moves: each move as its own route makes it (applied once by its key, refused as
   * that route refuses), many at once: the keys' records in one read, the levels in one batched
   * change (a level's moves decided in their order, a refused one leaving the others), the new
   * records in one insert. An outcome per move, in their order.
   */
  async moves(orgId: string, moves: readonly StockMove[]): Promise<StockMoveOutcome[]> {
    const outcomes = new Map<string, StockMoveOutcome>();
    const asked = moves.map((move) => ({ move, key: move.operationKey, params: paramsOf(move.kind, move) }));
    const seen = await this.operations.seenMany(orgId, asked);
    const places = new Map<string, AppError | undefined>();
    // The places of the moves not made before (a replay answers without them).
    for (const warehouseId of new Set(asked.filter((a) => !seen.has(a.key)).map((a) => a.move.warehouseId))) {
      places.set(warehouseId, await this.commands.checkPlace(orgId, warehouseId).then(() => undefined, refusalOf));
    }
    const byVariant = new Map<string, typeof asked>();
    for (const entry of asked) {
      const known = seen.get(entry.key) ?? places.get(entry.move.warehouseId);
      if (known === true) outcomes.set(entry.key, { operationKey: entry.key, ok: true, replayed: true });
      else if (known) outcomes.set(entry.key, refused(entry.key, known));
      else byVariant.set(entry.move.variantId, [...(byVariant.get(entry.move.variantId) ?? []), entry]);
    }
    const now = new Date();
    const computes = new Map(asked.map(({ key, move }) => [key, computeOf(move, now)]));
    const levels = await this.commands.applyMany(orgId, [...byVariant.keys()], (level, method) => {
      let current = level;
      const events: LevelDecision['events'] = [];
      const results: StockMoveOutcome[] = [];
      for (const { key, params } of byVariant.get(level.variantId)!) {
        try {
          const made = once(current, method, key, params, computes.get(key)!);
          current = made.state ?? current;
          events.push(...(made.events ?? []));
          results.push({ operationKey: key, ok: true, replayed: made.result!.replayed });
        } catch (err) {
          results.push(refused(key, refusalOf(err)));
        }
      }
      return { state: current, events: joinValuations(events), result: results };
    });
    for (const [variantId, outcome] of levels) {
      const entries = byVariant.get(variantId)!;
      if (outcome.ok) outcome.result.forEach((r) => outcomes.set(r.operationKey, r));
      else entries.forEach(({ key }) => outcomes.set(key, refused(key, outcome.error)));
    }
    const made = asked.filter(({ key }) => outcomes.get(key)?.ok && !seen.has(key));
    await this.operations.rememberMany(orgId, made);
    return moves.map((m) => outcomes.get(m.operationKey)!);
  }

  reserve(orgId: string, input: ReserveStock) {
    return this.run(orgId, 'reserve', input, (level) => reserveStock(level, input, new Date()));
  }

  release(orgId: string, input: ReserveStock) {
    return this.run(orgId, 'release', input, (level) => releaseStock(level, input, new Date()));
  }

  receive(orgId: string, input: ReceiveStock) {
    const ids = movementIds();
    return this.run(orgId, 'receive', input, (level, method) => receiveStock(level, input, ids, new Date(), method));
  }

  deduct(orgId: string, input: DeductStock) {
    const ids = movementIds();
    return this.run(orgId, 'deduct', input, (level, method) => deductStock(level, input, ids, new Date(), method));
  }
}

/** A move's change of its level (movement ids fixed once, so a decision made again reuses them). */
function computeOf(move: StockMove, now: Date): Compute {
  if (move.kind === 'reserve') return (level) => reserveStock(level, move, now);
  if (move.kind === 'release') return (level) => releaseStock(level, move, now);
  const ids = movementIds();
  const input = { ...move, fromReserved: move.fromReserved ?? true };
  return (level, method) => deductStock(level, input, ids, now, method);
}

/** A domain refusal, as the move's outcome; anything else is thrown (the call fails, nothing is answered). */
function refusalOf(err: unknown): AppError {
  if (err instanceof AppError) return err;
  throw err;
}

const refused = (operationKey: string, err: AppError): StockMoveOutcome => ({
  operationKey,
  ok: false,
  error: { status: err.status, code: err.code, message: err.message },
});
