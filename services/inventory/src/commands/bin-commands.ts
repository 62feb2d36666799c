import type { Bin, List, Page } from '@stockyard/contracts';
import { isDuplicateKeyError, newId } from '@stockyard/service-kit';
import { newBin, renameBin } from '../domain/bin';
import { binView } from '../domain/bin-view';
import { binNameTaken } from '../domain/warehouse.errors';
import type { BinRepository, BinStore } from '../store/bin.repository';
import type { WarehouseRepository } from '../store/warehouse.repository';
import type { StockCommands } from './stock-commands';

/** The unique index on (warehouse, name) is the check: a taken name is 409 bin_name_taken. */
async function namedOnce<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isDuplicateKeyError(err)) throw binNameTaken(name);
    throw err;
  }
}

/** Bins of live warehouses: every write through the store. */
export class BinCommands {
  constructor(
    private readonly store: BinStore,
    private readonly bins: BinRepository,
    private readonly warehouses: WarehouseRepository,
    private readonly stock: Pick<StockCommands, 'clearBin'>,
  ) {}

  async list(orgId: string, warehouseId: string, page: Page): Promise<List<Bin>> {
    await this.warehouses.get(orgId, warehouseId);
    const list = await this.bins.list(orgId, warehouseId, page);
    return { ...list, data: list.data.map(binView) };
  }

  async create(orgId: string, warehouseId: string, name: string): Promise<Bin> {
    await this.warehouses.active(orgId, warehouseId);
    const bin = newBin(orgId, newId('bin'), warehouseId, name);
    return binView(await namedOnce(name, () => this.store.create(bin)));
  }

  async rename(orgId: string, warehouseId: string, binId: string, name: string): Promise<Bin> {
    await this.warehouses.active(orgId, warehouseId);
    await this.bins.get(orgId, warehouseId, binId);
    const { state } = await namedOnce(name, () => this.store.change(orgId, binId, (b) => renameBin(b, name)));
    return binView(state);
  }

  /**
   * Hard delete, only when empty: each variant's check and clean-up is one change of its
   * level (README: a stock write that checked the bin just before can still land there).
   */
  async delete(orgId: string, warehouseId: string, binId: string): Promise<void> {
    await this.bins.get(orgId, warehouseId, binId);
    await this.stock.clearBin(orgId, binId);
    await this.store.remove(orgId, binId);
    await this.bins.forget(orgId, warehouseId, binId);
  }
}
