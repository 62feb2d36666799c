import { UniqueClaims } from '@stockyard/service-kit';
import { codeKey } from '../domain/warehouse';
import { warehouseCodeTaken } from '../domain/warehouse.errors';
import type { CodeClaimModel, WarehouseDoc, WarehouseModel } from './warehouse.model';

/**
 * The per-organization guard of warehouse codes: the kit's UniqueClaims (as the catalog's
 * SKUs), a code held by one live warehouse, released on delete and on a code change.
 */
export class WarehouseCodeClaims {
  private readonly claims: UniqueClaims;

  constructor(claims: CodeClaimModel, warehouses: WarehouseModel) {
    this.claims = new UniqueClaims({
      collection: claims.collection,
      keyOf: codeKey,
      holderField: 'warehouseId',
      valueField: 'code',
      holders: warehouses.collection,
      holds: (stored, key) => {
        const warehouse = stored as unknown as WarehouseDoc;
        return !warehouse.deletedAt && !!warehouse.code && codeKey(warehouse.code) === key;
      },
      taken: warehouseCodeTaken,
    });
  }

  /** Claims the code for the warehouse: true when newly claimed (release it if the write fails); 409 when held. */
  async claim(orgId: string, warehouseId: string, code: string): Promise<boolean> {
    return (await this.claims.claim(orgId, warehouseId, [code])).length > 0;
  }

  /** Gives up the warehouse's claim on the code (another warehouse's claim is left alone). */
  async release(orgId: string, warehouseId: string, code: string | null): Promise<void> {
    if (code !== null) await this.claims.release(orgId, warehouseId, [codeKey(code)]);
  }
}
