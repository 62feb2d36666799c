import { isDuplicateKeyError } from '@stockyard/service-kit';
import { codeKey } from '../domain/warehouse';
import { warehouseCodeTaken } from '../domain/warehouse.errors';
import type { CodeClaimModel, WarehouseModel } from './warehouse.model';

/**
 * A claim is written before its warehouse's write; one younger than this may belong to a
 * write still in flight, so only older ones are checked for staleness.
 */
const STALE_AFTER_MS = 60_000;
const claimId = (orgId: string, code: string) => `${orgId}:${codeKey(code)}`;

/**
 * The per-organization guard of warehouse codes (as the catalog's SKU registry): a code is
 * claimed by one live warehouse with a unique `_id` insert, atomic on FerretDB too, and
 * released on delete and on a code change. A claim whose holder is gone, deleted or no
 * longer has the code (a crash between a claim and its write or release) is taken over.
 */
export class WarehouseCodeClaims {
  constructor(
    private readonly claims: CodeClaimModel,
    private readonly warehouses: WarehouseModel,
  ) {}

  /** Claims the code for the warehouse: true when newly claimed (release it if the write fails); 409 when held. */
  async claim(orgId: string, warehouseId: string, code: string): Promise<boolean> {
    const _id = claimId(orgId, code);
    try {
      await this.claims.collection.insertOne({ _id, orgId, warehouseId, code, createdAt: new Date() } as never);
      return true;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
    const held = await this.claims.collection.findOne({ _id } as never);
    if (!held) return this.claim(orgId, warehouseId, code); // released meanwhile
    if (held.warehouseId === warehouseId) return false;
    const young = Date.now() - (held.createdAt as Date).getTime() <= STALE_AFTER_MS;
    if (young || (await this.stillUses(held.warehouseId as string, _id))) throw warehouseCodeTaken(code);
    const taken = await this.claims.updateOne(
      { _id, warehouseId: held.warehouseId },
      { $set: { warehouseId, code, createdAt: new Date() } },
    );
    if (taken.modifiedCount !== 1) throw warehouseCodeTaken(code);
    return true;
  }

  /** Gives up the warehouse's claim on the code (another warehouse's claim is left alone). */
  async release(orgId: string, warehouseId: string, code: string | null): Promise<void> {
    if (code === null) return;
    await this.claims.deleteOne({ _id: claimId(orgId, code), warehouseId });
  }

  /** Whether the holder is a live warehouse whose code still has this key (else its claim is stale). */
  private async stillUses(warehouseId: string, _id: string): Promise<boolean> {
    const holder = await this.warehouses.collection.findOne({ _id: warehouseId } as never);
    return !!holder && !holder.deletedAt && !!holder.code && claimId(holder.orgId, holder.code) === _id;
  }
}
