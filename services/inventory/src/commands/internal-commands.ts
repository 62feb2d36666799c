import type { DeductStock, ReceiveStock, ReserveStock, StockOperationResult } from '@stockyard/contracts';
import { decision, type LevelChange, type LevelDecision } from '../domain/level-change';
import { appliedAs, paramsOf, signatureOf, type OperationKind, type OperationParams } from '../domain/operations';
import { availableOf, onHandOf, type StockLevel } from '../domain/stock-level';
import { deductStock, receiveStock, releaseStock, reserveStock } from '../domain/stock-operations';
import { operationKeyReused } from '../domain/stock.errors';
import type { OperationRepository } from '../store/operation.repository';
import { movementIds, type StockCommands } from './stock-commands';

/**
 * The change of a keyed operation on the level: applied once; the key again with the same
 * parameters is a replay (nothing moves), with others a 409 (a key kept before its parameters
 * were is taken as the same).
 */
function once(
  level: StockLevel,
  key: string,
  params: OperationParams,
  compute: (level: StockLevel) => LevelChange,
): LevelDecision<{ replayed: boolean }> {
  const applied = appliedAs(level, key);
  if (!applied) return decision(level, compute(level), { replayed: false });
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
    compute: (level: StockLevel) => LevelChange,
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
      ({ level, movements, replayed } = await this.commands.apply(orgId, variantId, (current) =>
        once(current, operationKey, params, compute),
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

  reserve(orgId: string, input: ReserveStock) {
    return this.run(orgId, 'reserve', input, (level) => reserveStock(level, input, new Date()));
  }

  release(orgId: string, input: ReserveStock) {
    return this.run(orgId, 'release', input, (level) => releaseStock(level, input, new Date()));
  }

  receive(orgId: string, input: ReceiveStock) {
    const ids = movementIds();
    return this.run(orgId, 'receive', input, (level) => receiveStock(level, input, ids, new Date()));
  }

  deduct(orgId: string, input: DeductStock) {
    const ids = movementIds();
    return this.run(orgId, 'deduct', input, (level) => deductStock(level, input, ids, new Date()));
  }
}
