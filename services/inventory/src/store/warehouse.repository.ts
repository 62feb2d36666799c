import type { Bin, CreateWarehouse, List, Page, UpdateWarehouse, Warehouse } from '@stockyard/contracts';
import {
  documentKey,
  documentLocks,
  findOwned,
  isDuplicateKeyError,
  newId,
  type BroadcastCache,
} from '@stockyard/service-kit';
import { binNameTaken, binNotFound, warehouseDeleted, warehouseNotFound } from '../domain/warehouse.errors';
import type { BinDoc, BinModel, WarehouseDoc, WarehouseModel } from './warehouse.model';

const toWarehouse = (d: WarehouseDoc): Warehouse => ({
  id: d._id,
  name: d.name,
  code: d.code ?? null,
  address: d.address ?? null,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
  deletedAt: d.deletedAt ? d.deletedAt.toISOString() : null,
});
const toBin = (d: BinDoc): Bin => ({
  id: d._id,
  warehouseId: d.warehouseId,
  name: d.name,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});

/** Read-through caches of the places stock changes name (see `checkPlace`). */
export interface PlaceCaches {
  warehouses: BroadcastCache<Warehouse>;
  bins: BroadcastCache<Bin>;
}

const placeKey = (orgId: string, ...ids: string[]) => [orgId, ...ids].join(':');

/** Warehouses (soft-deleted) and their bins. Every query filters on orgId. */
export class WarehouseRepository {
  constructor(
    private readonly warehouses: WarehouseModel,
    private readonly bins: BinModel,
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
    if (binId) await this.checkBin(orgId, warehouseId, binId);
  }

  /** A bin of the warehouse, for a stock change (cached like checkPlace). */
  async checkBin(orgId: string, warehouseId: string, binId: string): Promise<void> {
    const read = () => this.bin(orgId, warehouseId, binId);
    await (this.caches ? this.caches.bins.get(placeKey(orgId, warehouseId, binId), read) : read());
  }

  async create(orgId: string, input: CreateWarehouse): Promise<Warehouse> {
    const doc = await this.warehouses.create({
      _id: newId('wh'),
      orgId,
      name: input.name,
      code: input.code ?? null,
      address: input.address ?? null,
    });
    return toWarehouse(doc.toObject() as WarehouseDoc);
  }

  async list(orgId: string, includeDeleted: boolean, page: Page): Promise<List<Warehouse>> {
    const filter = includeDeleted ? { orgId } : { orgId, deletedAt: null };
    const [docs, total] = await Promise.all([
      this.warehouses
        .find(filter)
        .sort({ createdAt: 1, _id: 1 })
        .skip(page.offset)
        .limit(page.limit)
        .lean<WarehouseDoc[]>(),
      this.warehouses.countDocuments(filter),
    ]);
    return { data: docs.map(toWarehouse), total, limit: page.limit, offset: page.offset };
  }

  /** Any warehouse of the org, deleted ones included (their history stays readable). */
  async get(orgId: string, id: string): Promise<Warehouse> {
    const doc = await findOwned<WarehouseDoc>(this.warehouses, orgId, id);
    if (!doc) throw warehouseNotFound();
    return toWarehouse(doc);
  }

  /** A warehouse stock may be placed in or bins changed: exists and not deleted. */
  async active(orgId: string, id: string): Promise<Warehouse> {
    const warehouse = await this.get(orgId, id);
    if (warehouse.deletedAt) throw warehouseDeleted(id);
    return warehouse;
  }

  update(orgId: string, id: string, input: UpdateWarehouse): Promise<Warehouse> {
    return documentLocks.run(documentKey('warehouses', id), async () => {
      await this.active(orgId, id);
      const doc = await this.warehouses
        .findOneAndUpdate({ _id: id, orgId }, { $set: input }, { new: true })
        .lean<WarehouseDoc>();
      await this.caches?.warehouses.changed(placeKey(orgId, id));
      return toWarehouse(doc!);
    });
  }

  /** `guard` runs under the lock (the emptiness check) just before the soft delete. */
  softDelete(orgId: string, id: string, guard: () => Promise<void>): Promise<void> {
    return documentLocks.run(documentKey('warehouses', id), async () => {
      await this.active(orgId, id);
      await guard();
      await this.warehouses.updateOne({ _id: id, orgId }, { $set: { deletedAt: new Date() } });
      await this.caches?.warehouses.changed(placeKey(orgId, id));
    });
  }

  async createBin(orgId: string, warehouseId: string, name: string): Promise<Bin> {
    await this.active(orgId, warehouseId);
    try {
      const doc = await this.bins.create({ _id: newId('bin'), orgId, warehouseId, name });
      return toBin(doc.toObject() as BinDoc);
    } catch (err) {
      if (isDuplicateKeyError(err)) throw binNameTaken(name);
      throw err;
    }
  }

  async listBins(orgId: string, warehouseId: string, page: Page): Promise<List<Bin>> {
    await this.get(orgId, warehouseId);
    const filter = { orgId, warehouseId };
    const [docs, total] = await Promise.all([
      this.bins.find(filter).sort({ name: 1, _id: 1 }).skip(page.offset).limit(page.limit).lean<BinDoc[]>(),
      this.bins.countDocuments(filter),
    ]);
    return { data: docs.map(toBin), total, limit: page.limit, offset: page.offset };
  }

  /** Every bin of a warehouse by id, for naming rows in listings. */
  async binNames(orgId: string, warehouseId: string): Promise<Map<string, string>> {
    const docs = await this.bins.find({ orgId, warehouseId }, { name: 1 }).lean<BinDoc[]>();
    return new Map(docs.map((d) => [d._id, d.name]));
  }

  async bin(orgId: string, warehouseId: string, binId: string): Promise<Bin> {
    const doc = await findOwned<BinDoc>(this.bins, orgId, binId);
    if (doc?.warehouseId !== warehouseId) throw binNotFound();
    return toBin(doc);
  }

  renameBin(orgId: string, warehouseId: string, binId: string, name: string): Promise<Bin> {
    return documentLocks.run(documentKey('bins', binId), async () => {
      await this.active(orgId, warehouseId);
      await this.bin(orgId, warehouseId, binId);
      try {
        const doc = await this.bins
          .findOneAndUpdate({ _id: binId, orgId }, { $set: { name } }, { new: true })
          .lean<BinDoc>();
        return toBin(doc!);
      } catch (err) {
        if (isDuplicateKeyError(err)) throw binNameTaken(name);
        throw err;
      }
    });
  }

  deleteBin(orgId: string, warehouseId: string, binId: string, guard: () => Promise<void>): Promise<void> {
    return documentLocks.run(documentKey('bins', binId), async () => {
      await this.bin(orgId, warehouseId, binId);
      await guard();
      await this.bins.deleteOne({ _id: binId, orgId });
      await this.caches?.bins.changed(placeKey(orgId, warehouseId, binId));
    });
  }
}
