import type { DeductStock, ReceiveStock, ReserveStock, StockOperationResult } from '@stockyard/contracts';
import { decision, type LevelChange } from '../domain/level-change';
import { hasApplied } from '../domain/operations';
import { availableOf, onHandOf, type StockLevel } from '../domain/stock-level';
import { deductStock, receiveStock, releaseStock, reserveStock } from '../domain/stock-operations';
import type { OperationRepository } from '../store/operation.repository';
import { movementIds, type StockCommands } from './stock-commands';

type Kind = 'reserve' | 'release' | 'receive' | 'deduct';

/**
 * The internal API's operations. The key is checked twice: in the long-lived
 * stock_operations record, then on the level document itself, in the same locked
 * read-compute-write as the change (the authoritative check: "applied" is written in
 * the same update as the stock it moved).
 */
export class InternalCommands {
  constructor(
    private readonly commands: StockCommands,
    private readonly operations: OperationRepository,
  ) {}

  private async run(
    orgId: string,
    kind: Kind,
    input: ReserveStock,
    compute: (level: StockLevel) => LevelChange,
  ): Promise<StockOperationResult> {
    const { operationKey, variantId } = input;
    let replayed = await this.operations.seen(orgId, operationKey, kind, variantId);
    let level: StockLevel | null;
    let movements: StockOperationResult['movements'] = [];
    if (replayed) {
      level = await this.commands.stock.find(orgId, variantId);
    } else {
      await this.commands.checkPlace(orgId, input.warehouseId, (input as ReceiveStock).binId);
      // The key on the level itself is the authoritative check, made in the same change.
      ({ level, movements, replayed } = await this.commands.apply<{ replayed: boolean }>(orgId, variantId, (current) =>
        hasApplied(current, operationKey)
          ? { result: { movements: [], replayed: true } }
          : decision(current, compute(current), { replayed: false }),
      ));
      await this.operations.remember(orgId, operationKey, kind, variantId);
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
