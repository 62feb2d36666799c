import { AggregateStore, stateOf } from '@stockyard/service-kit';
import { Schema, type Connection } from 'mongoose';
import type { LandedCost } from '../domain/landed-cost';

const landedCostSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    purchaseOrderId: { type: String, required: true },
    description: { type: String, required: true },
    amount: { type: Number, required: true },
    allocationMethod: { type: String, required: true },
    invoiceId: { type: String, default: null },
    allocations: { type: [Schema.Types.Mixed], default: [] },
    allocatedAt: { type: Date, default: null },
    version: { type: Number, default: 1 },
    createdAt: { type: Date },
    updatedAt: { type: Date },
  },
  { collection: 'landed_costs', versionKey: false },
);
/** The one list: a purchase order's landed costs, oldest first. */
landedCostSchema.index({ orgId: 1, purchaseOrderId: 1, createdAt: 1, _id: 1 });

export const landedCostModel = (connection: Connection) => connection.model('LandedCost', landedCostSchema);

/** Landed costs: writes through the kit's store (no events), the order's list, hard delete with the allocations. */
export class LandedCostRepository {
  readonly store: AggregateStore<LandedCost>;

  constructor(private readonly model: ReturnType<typeof landedCostModel>) {
    this.store = new AggregateStore<LandedCost>(model, undefined, { name: 'Landed cost', remember: 1_000 });
  }

  find(orgId: string, id: string): Promise<LandedCost | undefined> {
    return this.store.read(orgId, id);
  }

  /** A purchase order's landed costs, oldest first (an order has a handful). */
  async ofPurchaseOrder(orgId: string, purchaseOrderId: string): Promise<LandedCost[]> {
    const docs = await this.model.find({ orgId, purchaseOrderId }).sort({ createdAt: 1, _id: 1 }).lean();
    return docs.map((d) => stateOf<LandedCost>(d));
  }
}
