import type { CreateWarehouse, List, Page, UpdateWarehouse, Warehouse } from '@stockyard/contracts';
import { newId } from '@stockyard/service-kit';
import { deleteWarehouse, newWarehouse, sameCode, updateWarehouse } from '../domain/warehouse';
import { warehouseView } from '../domain/warehouse-view';
import type { StockRepository } from '../store/stock.repository';
import type { WarehouseCodeClaims } from '../store/warehouse-code-claims';
import type { WarehouseRepository, WarehouseStore } from '../store/warehouse.repository';

/**
 * Warehouses: every write through the store; a code is claimed before the write that sets
 * it (released if that write fails) and the old one released after (README: warehouse codes).
 */
export class WarehouseCommands {
  constructor(
    private readonly store: WarehouseStore,
    private readonly warehouses: WarehouseRepository,
    private readonly codes: WarehouseCodeClaims,
    private readonly stock: Pick<StockRepository, 'inWarehouse'>,
  ) {}

  async list(orgId: string, includeDeleted: boolean, page: Page): Promise<List<Warehouse>> {
    const list = await this.warehouses.list(orgId, includeDeleted, page);
    return { ...list, data: list.data.map(warehouseView) };
  }

  async get(orgId: string, id: string): Promise<Warehouse> {
    return warehouseView(await this.warehouses.get(orgId, id));
  }

  /** The organization's live warehouses among these ids (the catalog checks a channel's warehouse). */
  async liveByIds(orgId: string, ids: string[]): Promise<Warehouse[]> {
    return (await this.warehouses.liveByIds(orgId, ids)).map(warehouseView);
  }

  async create(orgId: string, input: CreateWarehouse): Promise<Warehouse> {
    const id = newId('wh');
    const code = input.code ?? null;
    const claimed = code !== null && (await this.codes.claim(orgId, id, code));
    try {
      return warehouseView(await this.store.create(newWarehouse(orgId, id, input)));
    } catch (err) {
      if (claimed) await this.codes.release(orgId, id, code);
      throw err;
    }
  }

  /**
   * A code in the patch is claimed even when it is the warehouse's own: a duplicate stored
   * before codes were unique (README) keeps its code only until a write names one.
   */
  async update(orgId: string, id: string, patch: UpdateWarehouse): Promise<Warehouse> {
    await this.warehouses.active(orgId, id); // 404 / 409 warehouse_deleted before any claim
    const code = patch.code;
    const claimed = code != null && (await this.codes.claim(orgId, id, code));
    let previous: string | null;
    let state;
    try {
      ({ state, result: previous } = await this.store.change(orgId, id, (w) => updateWarehouse(w, patch)));
    } catch (err) {
      if (claimed) await this.codes.release(orgId, id, code);
      throw err;
    }
    if (code !== undefined && !sameCode(previous, code)) await this.codes.release(orgId, id, previous);
    return warehouseView(state);
  }

  /** Soft delete, only when empty (the levels are read just before the write); frees its code. */
  async delete(orgId: string, id: string): Promise<void> {
    await this.warehouses.get(orgId, id);
    const levels = await this.stock.inWarehouse(orgId, id);
    const { state } = await this.store.change(orgId, id, (w) => deleteWarehouse(w, levels, new Date()));
    await this.codes.release(orgId, id, state.code);
  }
}
