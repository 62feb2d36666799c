import { AggregateStore, outboxFields, type OutboxRelay } from '@stockyard/service-kit';
import { exportPage } from '@stockyard/service-kit/exports';
import { Schema, type Connection } from 'mongoose';
import type { LandedCost } from '../domain/landed-cost';
import { landedCostView } from '../domain/landed-cost-view';
import { landedCostCodec } from './landed-cost.codec';

const landedCostSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    purchaseOrderId: { type: String, required: true },
    description: { type: String, required: true },
    amount: { type: Number, required: true },
    allocationMethod: { type: String, required: true },
    invoiceId: { type: String, default: null },
    /** Packed by the store's codec (landed-cost.codec.ts). */
    allocations: { type: String, default: '' },
    allocatedAt: { type: Date, default: null },
    deletedAt: { type: Date, default: null },
    version: { type: Number, default: 1 },
    createdAt: { type: Date },
    updatedAt: { type: Date },
    // Each write's audit record leaves through the outbox.
    ...outboxFields,
  },
  { collection: 'landed_costs', versionKey: false },
);
/** The one list: a purchase order's landed costs, oldest first; and an export's pages of them all. */
landedCostSchema.index({ orgId: 1, purchaseOrderId: 1, createdAt: 1, _id: 1 });
landedCostSchema.index({ orgId: 1, createdAt: 1, _id: 1 });

export const landedCostModel = (connection: Connection) => connection.model('LandedCost', landedCostSchema);
type LandedCostModel = ReturnType<typeof landedCostModel>;

/**
 * The landed costs' store: the kit's (lock, version guard), allocations packed by the codec, and
 * every write's `landed_cost.applied` (when it moved the allocations) and audit record through the
 * service's relay. A DELETE is a change too (a tombstone, `deletedAt`), so its event rides on its write.
 */
export const landedCostStore = (model: LandedCostModel, relay: OutboxRelay) =>
  new AggregateStore<LandedCost>(model, relay, { name: 'Landed cost', remember: 1_000, codec: landedCostCodec });
export type LandedCostStore = ReturnType<typeof landedCostStore>;

/** The organization's live landed costs, or a purchase order's (a deleted one's tombstone is left out). */
const costsOf = (orgId: string, purchaseOrderId?: string) => ({
  orgId,
  ...(purchaseOrderId ? { purchaseOrderId } : {}),
  deletedAt: null,
});

/** The landed costs as states: by id, a purchase order's, and an export's pages. */
export class LandedCostReads {
  constructor(
    private readonly model: LandedCostModel,
    private readonly store: LandedCostStore,
  ) {}

  /** The organization's live cost, or undefined. */
  async find(orgId: string, id: string): Promise<LandedCost | undefined> {
    const cost = await this.store.read(orgId, id);
    return cost?.deletedAt ? undefined : cost;
  }

  /** A purchase order's landed costs, oldest first (an order has a handful). */
  async ofPurchaseOrder(orgId: string, purchaseOrderId: string): Promise<LandedCost[]> {
    const docs = await this.model
      .find(costsOf(orgId, purchaseOrderId), { outbox: 0 })
      .sort({ createdAt: 1, _id: 1 })
      .lean();
    return docs.map((d) => this.store.stateOfDoc(d));
  }

  /** The live landed costs recorded in [from, to), oldest first: the purchase-spend report's. */
  async createdBetween(orgId: string, from: Date, to: Date): Promise<LandedCost[]> {
    const filter = { ...costsOf(orgId), createdAt: { $gte: from, $lt: to } };
    const docs = await this.model.find(filter, { outbox: 0 }).sort({ createdAt: 1, _id: 1 }).lean();
    return docs.map((d) => this.store.stateOfDoc(d));
  }

  /**
   * An export's page (issue #41): the organization's landed costs, or a purchase order's (its list),
   * oldest first by `(createdAt, _id)`, each as the list shows it.
   */
  exportPage(orgId: string, filters: { purchaseOrderId?: string }, after: string | null, limit: number) {
    const toRow = (doc: Record<string, unknown>) => landedCostView(this.store.stateOfDoc(doc));
    return exportPage(this.model.collection, costsOf(orgId, filters.purchaseOrderId), after, limit, toRow);
  }
}
