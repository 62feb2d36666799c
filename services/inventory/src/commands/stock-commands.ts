import type {
  AdjustResult,
  AdjustStock,
  MoveStock,
  PrimaryBinResult,
  RelocationResult,
  SetPrimaryBin,
  TransferStock,
  UpdateStockItem,
} from '@stockyard/contracts';
import { newId, type Decision } from '@stockyard/service-kit';
import { inKeyedRequest, isKeyedRerun } from '@stockyard/service-kit/ids';
import { adjustStock } from '../domain/adjust-stock';
import type { CostingMethod } from '../domain/cost-layer';
import { onceFor } from '../domain/keyed-write';
import {
  decision,
  type LevelChange,
  type LevelDecision,
  type LevelResult,
  type MovementIds,
} from '../domain/level-change';
import { movementId } from '../domain/movement-id';
import { moveStock } from '../domain/move-stock';
import { removeBin } from '../domain/place-removal';
import { setPrimaryBin } from '../domain/set-primary-bin';
import { availableOf, type AppliedOperation, type StockLevel } from '../domain/stock-level';
import { transferStock } from '../domain/transfer-stock';
import { updateStockItem } from '../domain/update-stock-item';
import type { BinRepository } from '../store/bin.repository';
import type { InventorySettingsReads } from '../store/inventory-settings.repository';
import type { Ledger } from '../store/ledger';
import type { OperationRepository } from '../store/operation.repository';
import type { StockLevelStore, StockRepository } from '../store/stock.repository';
import type { WarehouseRepository } from '../store/warehouse.repository';
import type { VariantCheck } from './variant-check';

/** Movement ids fixed for the whole request: a recomputed change (lost race) reuses them. */
export function movementIds(): MovementIds {
  const pool: string[] = [];
  return (i) => (pool[i] ??= movementId());
}

type Applied<X extends object = object> = { level: StockLevel } & LevelResult<X>;

/** A change of a level, decided with the organization's costing method (its setting, read before the change). */
type Decide<D> = (level: StockLevel, method: CostingMethod) => D;

/**
 * The use cases of the partner stock routes: check the places named exist, let the domain
 * decide the change on the variant's one document (the store writes it with its events, and its
 * ledger rows and level-place index rows before it answers). Routes stay thin; rules stay in domain/.
 */
export class StockCommands {
  constructor(
    private readonly levels: StockLevelStore,
    readonly stock: StockRepository,
    readonly warehouses: WarehouseRepository,
    readonly bins: BinRepository,
    /** The ledger's rows, read again by a keyed write's run after a crash. */
    private readonly ledger: Ledger,
    readonly variants: VariantCheck,
    /** stock_operations: keyed partner writes are recorded there too, after their change. */
    readonly operations: OperationRepository,
    /** The organization's costing method, from a per-process cache every replica drops on a change. */
    private readonly settings: Pick<InventorySettingsReads, 'costingMethod'>,
  ) {}

  /** A place stock may be put in or taken from: a live warehouse, and a bin of it. */
  checkPlace(orgId: string, warehouseId: string, binId?: string | null): Promise<void> {
    return this.warehouses.checkPlace(orgId, warehouseId, binId);
  }

  /**
   * Runs one decision on the variant's level, in the organization's costing method; its ledger
   * rows and, when the level's places changed, their index rows are written before it answers (a
   * read right after sees them).
   */
  async apply<X extends object = object>(
    orgId: string,
    variantId: string,
    decide: Decide<LevelDecision<X>>,
  ): Promise<Applied<X>> {
    const method = await this.settings.costingMethod(orgId);
    const { state, result } = await this.levels.change(orgId, variantId, (level) => decide(level, method));
    return { level: state, ...result };
  }

  /** `apply` for many variants' levels in one batched change: an outcome per variant. */
  async applyMany<X extends object = object>(
    orgId: string,
    variantIds: readonly string[],
    decide: Decide<Decision<StockLevel, X>>,
  ) {
    const method = await this.settings.costingMethod(orgId);
    return this.levels.changeMany(orgId, variantIds, (level) => decide(level, method));
  }

  /**
   * `apply` of a partner write, once per Idempotency-Key (`onceFor`): a run of the request after
   * its process died moves nothing and answers the first run's movements, read from the ledger.
   */
  private async applyOnce(
    orgId: string,
    variantId: string,
    compute: (level: StockLevel, now: Date, method: CostingMethod) => LevelChange,
  ): Promise<Applied> {
    const key = inKeyedRequest() ? newId('req') : undefined;
    // Only a run that took its key over from an earlier one reads the record: the first run cannot find one.
    const recorded = key && isKeyedRerun() ? await this.operations.movementsOf(orgId, key) : undefined;
    const now = new Date();
    type Once = { earlier?: string[]; spilled?: AppliedOperation[] };
    const { earlier, spilled, ...applied } = await this.apply<Once>(orgId, variantId, (l, method) => {
      const once = onceFor(l, key, now, () => compute(l, now, method), recorded);
      if (!once.change) return { result: { movements: [], earlier: once.earlier } };
      return decision(l, once.change, { spilled: once.spilled });
    });
    if (earlier) return { ...applied, movements: await this.ledger.read(orgId, earlier) };
    if (spilled?.length) await this.operations.rememberRequests(orgId, spilled);
    return applied;
  }

  /** Each variant's check and clean-up of a bin being deleted is one change of its level. */
  async clearBin(orgId: string, binId: string): Promise<void> {
    for (const { variantId } of await this.stock.withBin(orgId, binId))
      await this.apply(orgId, variantId, (current) => decision(current, removeBin(current, binId)));
  }

  /** Stock is created only for live catalog variants; taking stock out never asks (README: unknown variants). */
  async adjust(orgId: string, input: AdjustStock): Promise<AdjustResult> {
    await this.checkPlace(orgId, input.warehouseId, input.binId);
    if (input.quantity > 0) await this.variants.assertLive(orgId, [{ variantId: input.variantId, field: 'variantId' }]);
    const ids = movementIds();
    const { level, movements } = await this.applyOnce(orgId, input.variantId, (l, now, method) => {
      const { movement: _answered, ...change } = adjustStock(l, input, ids, now, method); // not a field of the level
      return change;
    });
    return { ...movements[0]!, available: availableOf(level) };
  }

  async transfer(orgId: string, input: TransferStock): Promise<RelocationResult> {
    await this.checkPlace(orgId, input.fromWarehouseId);
    await this.checkPlace(orgId, input.toWarehouseId);
    return this.relocate(orgId, input, newId('trf'), (l, reference, ids, method) =>
      transferStock(l, input, reference, ids, new Date(), method),
    );
  }

  async move(orgId: string, input: MoveStock): Promise<RelocationResult> {
    await this.checkPlace(orgId, input.warehouseId, input.fromBinId);
    if (input.toBinId) await this.bins.checkBin(orgId, input.warehouseId, input.toBinId);
    return this.relocate(orgId, input, newId('mv'), (l, reference, ids) =>
      moveStock(l, input, reference, ids, new Date()),
    );
  }

  /** A transfer or a move: one change that records an out/in pair tied by `reference`. */
  private async relocate(
    orgId: string,
    input: { variantId: string; quantity: number },
    reference: string,
    change: (level: StockLevel, reference: string, ids: MovementIds, method: CostingMethod) => LevelChange,
  ): Promise<RelocationResult> {
    const ids = movementIds();
    const { level, movements } = await this.applyOnce(orgId, input.variantId, (l, _now, method) =>
      change(l, reference, ids, method),
    );
    const { variantId, quantity } = input;
    return { id: reference, variantId, quantity, movements, available: availableOf(level) };
  }

  async setPrimaryBin(orgId: string, input: SetPrimaryBin): Promise<PrimaryBinResult> {
    await this.checkPlace(orgId, input.warehouseId, input.binId);
    if (input.binId) await this.variants.assertLive(orgId, [{ variantId: input.variantId, field: 'variantId' }]);
    await this.apply(orgId, input.variantId, (l) => decision(l, setPrimaryBin(l, input.warehouseId, input.binId)));
    return { variantId: input.variantId, warehouseId: input.warehouseId, primaryBinId: input.binId };
  }

  async updateItem(orgId: string, variantId: string, warehouseId: string, input: UpdateStockItem) {
    const binId = input.binId ?? null;
    await this.checkPlace(orgId, warehouseId, binId);
    await this.variants.assertLive(orgId, [{ variantId, field: 'variantId' }]);
    const { level } = await this.apply(orgId, variantId, (l) =>
      decision(l, updateStockItem(l, { warehouseId, binId }, input)),
    );
    return level;
  }
}
