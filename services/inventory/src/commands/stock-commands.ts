import type {
  AdjustResult,
  AdjustStock,
  MoveStock,
  PrimaryBinResult,
  RelocationResult,
  SetPrimaryBin,
  StockMovement,
  TransferStock,
  UpdateStockItem,
} from '@stockyard/contracts';
import { newId, type OutboxRelay } from '@stockyard/service-kit';
import { adjustStock } from '../domain/adjust-stock';
import type { LevelChange, MovementIds } from '../domain/level-change';
import { movementId } from '../domain/movement-id';
import { moveStock } from '../domain/move-stock';
import { setPrimaryBin, updateStockItem } from '../domain/stock-item';
import { availableOf, type StockLevel } from '../domain/stock-level';
import { transferStock } from '../domain/transfer-stock';
import type { StockRepository } from '../store/stock.repository';
import type { WarehouseRepository } from '../store/warehouse.repository';

/** Movement ids fixed for the whole request: a recomputed change (lost race) reuses them. */
export function movementIds(): MovementIds {
  const pool: string[] = [];
  return (i) => (pool[i] ??= movementId());
}

export interface Applied {
  level: StockLevel;
  movements: StockMovement[];
}

/**
 * The use cases of the partner stock routes: check the places named exist, let the
 * domain compute the change on the variant's one document, then publish and write the
 * ledger. Routes stay thin; rules stay in domain/.
 */
export class StockCommands {
  constructor(
    readonly stock: StockRepository,
    readonly warehouses: WarehouseRepository,
    private readonly relay: OutboxRelay,
  ) {}

  /** A place stock may be put in or taken from: a live warehouse, and a bin of it. */
  checkPlace(orgId: string, warehouseId: string, binId?: string | null): Promise<void> {
    return this.warehouses.checkPlace(orgId, warehouseId, binId);
  }

  /** Runs one change and then its after-effects: relay kick, ledger rows. */
  async apply(orgId: string, variantId: string, compute: (level: StockLevel) => LevelChange): Promise<Applied> {
    let movements: StockMovement[] = [];
    let events: LevelChange['events'] = [];
    // The last computation is the one written (a lost race recomputes).
    const level = await this.stock.change(orgId, variantId, (current) => {
      const change = compute(current);
      movements = change.movements ?? [];
      events = change.events;
      return change;
    });
    const { collection, _id } = this.stock.documentOf(orgId, variantId);
    if (events.length > 0) this.relay.kick(collection, _id, events);
    if (movements.length > 0) await this.stock.recordMovements(orgId, movements);
    return { level, movements };
  }

  async adjust(orgId: string, input: AdjustStock): Promise<AdjustResult> {
    await this.checkPlace(orgId, input.warehouseId, input.binId);
    const ids = movementIds();
    const { level, movements } = await this.apply(orgId, input.variantId, (l) =>
      adjustStock(l, input, ids, new Date()),
    );
    return { ...movements[0]!, available: availableOf(level) };
  }

  async transfer(orgId: string, input: TransferStock): Promise<RelocationResult> {
    await this.checkPlace(orgId, input.fromWarehouseId);
    await this.checkPlace(orgId, input.toWarehouseId);
    const ids = movementIds();
    const reference = newId('trf');
    const { level, movements } = await this.apply(orgId, input.variantId, (l) =>
      transferStock(l, input, reference, ids, new Date()),
    );
    return {
      id: reference,
      variantId: input.variantId,
      quantity: input.quantity,
      movements,
      available: availableOf(level),
    };
  }

  async move(orgId: string, input: MoveStock): Promise<RelocationResult> {
    await this.checkPlace(orgId, input.warehouseId, input.fromBinId);
    if (input.toBinId) await this.warehouses.checkBin(orgId, input.warehouseId, input.toBinId);
    const ids = movementIds();
    const reference = newId('mv');
    const { level, movements } = await this.apply(orgId, input.variantId, (l) =>
      moveStock(l, input, reference, ids, new Date()),
    );
    return {
      id: reference,
      variantId: input.variantId,
      quantity: input.quantity,
      movements,
      available: availableOf(level),
    };
  }

  async setPrimaryBin(orgId: string, input: SetPrimaryBin): Promise<PrimaryBinResult> {
    await this.checkPlace(orgId, input.warehouseId, input.binId);
    await this.apply(orgId, input.variantId, (l) => setPrimaryBin(l, input.warehouseId, input.binId));
    return { variantId: input.variantId, warehouseId: input.warehouseId, primaryBinId: input.binId };
  }

  async updateItem(orgId: string, variantId: string, warehouseId: string, input: UpdateStockItem) {
    const binId = input.binId ?? null;
    await this.checkPlace(orgId, warehouseId, binId);
    const { level } = await this.apply(orgId, variantId, (l) => updateStockItem(l, { warehouseId, binId }, input));
    return level;
  }
}
