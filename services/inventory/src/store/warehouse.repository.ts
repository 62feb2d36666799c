import type { List, Page } from '@stockyard/contracts';
import { AggregateStore, type BroadcastCache, type OutboxRelay, readPage, stateOf } from '@stockyard/service-kit';
import type { BinState } from '../domain/bin';
import type { WarehouseState } from '../domain/warehouse';
import { warehouseDeleted, warehouseNotFound } from '../domain/warehouse.errors';
import type { BinRepository } from './bin.repository';
import type { WarehouseModel } from './warehouse.model';

/** Read-through caches of the places stock changes name (see `checkPlace`). */
interface PlaceCaches {
  warehouses: BroadcastCache<WarehouseState>;
  bins: BroadcastCache<BinState>;
}

export const placeKey = (orgId: string, ...ids: string[]) => [orgId, ...ids].join(':');

/**
 * Every write of a warehouse, each in the audit trail through the relay. A change (update, delete)
 * drops the cached place on every replica, so stock changes see it at once; a creation has nothing
 * cached to drop.
 */
export const warehouseStore = (model: WarehouseModel, caches?: PlaceCaches, relay?: OutboxRelay) =>
  new AggregateStore<WarehouseState>(model, relay, {
    name: 'Warehouse',
    afterWrite: async (w) => {
      if (w.version > 1) await caches?.warehouses.changed(placeKey(w.orgId, w.id));
    },
  });
export type WarehouseStore = ReturnType<typeof warehouseStore>;

/** Reads of warehouses (soft-deleted ones included where said). Every query filters on orgId. */
export class WarehouseRepository {
  constructor(
    private readonly store: WarehouseStore,
    private readonly bins: BinRepository,
    private readonly caches?: PlaceCaches,
  ) {}

  /**
   * A place stock may be put in or taken from: a live warehouse, and a bin of it. Every
   * stock change checks it, so with caches (the service passes them) it is answered from
   * memory; a warehouse's update or deletion and a bin's deletion, on any replica, drop
   * the entry (BroadcastCache). Only places found are kept, so a new one is seen at once.
   */
  async checkPlace(orgId: string, warehouseId: string, binId?: string | null): Promise<void> {
    const read = () => this.get(orgId, warehouseId);
    const warehouse = await (this.caches ? this.caches.warehouses.get(placeKey(orgId, warehouseId), read) : read());
    if (warehouse.deletedAt) throw warehouseDeleted(warehouseId);
    if (binId) await this.bins.checkBin(orgId, warehouseId, binId);
  }

  /** Any warehouse of the org, deleted ones included (their history stays readable). */
  async get(orgId: string, id: string): Promise<WarehouseState> {
    const warehouse = await this.store.read(orgId, id);
    if (!warehouse) throw warehouseNotFound();
    return warehouse;
  }

  /** A warehouse stock may be placed in or bins changed: exists and not deleted. */
  async active(orgId: string, id: string): Promise<WarehouseState> {
    const warehouse = await this.get(orgId, id);
    if (warehouse.deletedAt) throw warehouseDeleted(id);
    return warehouse;
  }

  async list(orgId: string, includeDeleted: boolean, page: Page): Promise<List<WarehouseState>> {
    const { data, total } = await readPage<WarehouseState>(this.store.model, {
      filter: includeDeleted ? { orgId } : { orgId, deletedAt: null },
      sort: { createdAt: 1, _id: 1 },
      page,
      withTotal: true,
    });
    return { data, total: total!, ...page };
  }

  /** The ids of the organization's live warehouses. */
  async liveIds(orgId: string): Promise<string[]> {
    const docs = await (this.store.model as WarehouseModel).find({ orgId, deletedAt: null }, { _id: 1 }).lean();
    return docs.map((d) => String(d._id));
  }

  /** The organization's live warehouses among these ids (the internal batch read). */
  async liveByIds(orgId: string, ids: string[]): Promise<WarehouseState[]> {
    const docs = await (this.store.model as WarehouseModel)
      .find({ _id: { $in: [...new Set(ids)] }, orgId, deletedAt: null })
      .lean();
    return docs.map((d) => stateOf<WarehouseState>(d));
  }
}
