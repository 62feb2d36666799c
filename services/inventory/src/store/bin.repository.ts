import type { List, Page } from '@stockyard/contracts';
import { AggregateStore, type BroadcastCache, type OutboxRelay, readPage } from '@stockyard/service-kit';
import type { BinState } from '../domain/bin';
import { binNotFound } from '../domain/warehouse.errors';
import type { BinModel } from './warehouse.model';
import { placeKey } from './warehouse.repository';

/**
 * Every write of a bin (a name taken in its warehouse breaks the unique index: the commands say which
 * name), each in the audit trail through the relay.
 */
export const binStore = (model: BinModel, relay?: OutboxRelay) =>
  new AggregateStore<BinState>(model, relay, { name: 'Bin' });
export type BinStore = ReturnType<typeof binStore>;

/** Reads of bins. Every query filters on orgId; a bin of another warehouse is a 404. */
export class BinRepository {
  constructor(
    private readonly store: BinStore,
    private readonly cache?: BroadcastCache<BinState>,
  ) {}

  async get(orgId: string, warehouseId: string, binId: string): Promise<BinState> {
    const bin = await this.store.read(orgId, binId);
    if (bin?.warehouseId !== warehouseId) throw binNotFound();
    return bin;
  }

  /** A bin of the warehouse, for a stock change (cached like WarehouseRepository.checkPlace). */
  async checkBin(orgId: string, warehouseId: string, binId: string): Promise<void> {
    const read = () => this.get(orgId, warehouseId, binId);
    await (this.cache ? this.cache.get(placeKey(orgId, warehouseId, binId), read) : read());
  }

  /** Drops the cached bin on every replica (after it is deleted). */
  async forget(orgId: string, warehouseId: string, binId: string): Promise<void> {
    await this.cache?.changed(placeKey(orgId, warehouseId, binId));
  }

  async list(orgId: string, warehouseId: string, page: Page): Promise<List<BinState>> {
    const { data, total } = await readPage<BinState>(this.store.model, {
      filter: { orgId, warehouseId },
      sort: { name: 1, _id: 1 },
      page,
    });
    return { data, total: total!, ...page };
  }

  /** Every bin of a warehouse by id, for naming rows in listings. */
  async names(orgId: string, warehouseId: string): Promise<Map<string, string>> {
    const docs = await (this.store.model as BinModel).find({ orgId, warehouseId }, { name: 1 }).lean();
    return new Map(docs.map((d) => [d._id, d.name]));
  }

  /** Every bin of these warehouses by id (bin ids are unique across warehouses), in one read. */
  async namesIn(orgId: string, warehouseIds: readonly string[]): Promise<Map<string, string>> {
    if (warehouseIds.length === 0) return new Map();
    const filter = { orgId, warehouseId: { $in: [...warehouseIds] } };
    const docs = await (this.store.model as BinModel).find(filter, { name: 1 }).lean();
    return new Map(docs.map((d) => [d._id, d.name]));
  }
}
