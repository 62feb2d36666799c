import type { Connection } from 'mongoose';
import type { WarehouseCodeClaims } from './warehouse-code-claims';
import type { WarehouseModel } from './warehouse.model';
import { OncePerDatabase } from './pass-checkpoints';

const CODE_CLAIMS_PASS = 'warehouse_code_claims';

/**
 * What a database written before warehouse codes were unique needs, before requests and
 * events are taken: existing codes are claimed first-come (oldest live warehouse first), once
 * per database (recorded in `inventory_passes`); a later duplicate keeps its code, readable and
 * listed, until a write names a code (README: warehouse codes). Documents without a `version`
 * need nothing: the kit's store reads them as version 0.
 */
export class LegacyAdoption extends OncePerDatabase {
  constructor(
    connection: Connection,
    private readonly warehouses: WarehouseModel,
    private readonly codes: WarehouseCodeClaims,
  ) {
    super(connection, CODE_CLAIMS_PASS);
  }

  /** Existing codes claimed, oldest live warehouse first. */
  protected async run(): Promise<void> {
    const coded = this.warehouses
      .find({ deletedAt: null, code: { $ne: null } }, { orgId: 1, code: 1 })
      .sort({ createdAt: 1, _id: 1 })
      .lean()
      .cursor();
    for await (const w of coded) {
      await this.codes.claim(w.orgId, w._id, w.code!).catch((err: { code?: string }) => {
        if (err.code !== 'warehouse_code_taken') throw err; // a younger duplicate: it keeps its code unclaimed
      });
    }
  }
}
