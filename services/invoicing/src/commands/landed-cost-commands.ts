import type {
  CreateLandedCost,
  InternalPurchaseOrder,
  SetManualAllocations,
  UpdateLandedCost,
} from '@stockyard/contracts';
import { newId, notFound, type Decision } from '@stockyard/service-kit';
import { computeAllocations, type LandedCost } from '../domain/landed-cost';
import { applying, createdApplied } from '../domain/landed-cost-applied';
import {
  allocateLandedCost,
  deleteLandedCost,
  setManualAllocations,
  updateLandedCost,
  type AllocationBasis,
} from '../domain/landed-cost-changes';
import { invoiceNotOnOrder } from '../domain/landed-cost.errors';
import { landedCostSummary } from '../domain/landed-cost-summary';
import type { InvoicePeers } from '../peers';
import type { InvoiceReads } from '../store/invoice.repository';
import type { LandedCostReads, LandedCostStore } from '../store/landed-cost.repository';

/**
 * Landed costs: each use case reads the purchase order from purchasing at that moment (its
 * received quantities and costs are the allocation's base), the variants' weights from the catalog
 * for BY_WEIGHT, and decides through the store.
 */
export class LandedCostCommands {
  constructor(
    private readonly store: LandedCostStore,
    private readonly costs: LandedCostReads,
    private readonly invoices: InvoiceReads,
    private readonly peers: InvoicePeers,
  ) {}

  async create(orgId: string, poId: string, body: CreateLandedCost): Promise<LandedCost> {
    const po = await this.order(orgId, poId);
    if (body.invoiceId) await this.checkInvoice(orgId, po.id, body.invoiceId);
    const now = new Date();
    const method = body.allocationMethod;
    const allocations =
      method === 'MANUAL' ? [] : computeAllocations(body.amount, po, method, await this.weights(orgId, po, method));
    const cost = {
      id: newId('lc'),
      orgId,
      purchaseOrderId: po.id,
      description: body.description,
      amount: body.amount,
      allocationMethod: method,
      invoiceId: body.invoiceId ?? null,
      allocations,
      allocatedAt: method === 'MANUAL' ? null : now,
      deletedAt: null,
    };
    const applied = createdApplied(cost, po);
    return this.store.create(cost, applied ? [applied] : []);
  }

  async list(orgId: string, poId: string): Promise<LandedCost[]> {
    const po = await this.order(orgId, poId);
    return this.costs.ofPurchaseOrder(orgId, po.id);
  }

  async get(orgId: string, id: string): Promise<LandedCost> {
    const cost = await this.costs.find(orgId, id);
    if (!cost) throw notFound('Landed cost');
    return cost;
  }

  /** A new amount or method may move the allocations: the order is read for the event. */
  async update(orgId: string, id: string, body: UpdateLandedCost): Promise<LandedCost> {
    const cost = await this.get(orgId, id);
    if (body.invoiceId) await this.checkInvoice(orgId, cost.purchaseOrderId, body.invoiceId);
    const method = body.allocationMethod ?? cost.allocationMethod;
    const moves = body.amount !== undefined || body.allocationMethod !== undefined;
    const basis = moves ? await this.basis(orgId, cost.purchaseOrderId, method) : null;
    const reallocates = method !== 'MANUAL' && moves;
    return this.decide(orgId, id, basis?.po ?? null, (current) =>
      updateLandedCost(current, body, reallocates ? basis : null, new Date()),
    );
  }

  async allocate(orgId: string, id: string): Promise<LandedCost> {
    const cost = await this.get(orgId, id);
    const basis =
      cost.allocationMethod === 'MANUAL' ? null : await this.basis(orgId, cost.purchaseOrderId, cost.allocationMethod);
    return this.decide(orgId, id, basis?.po ?? null, (current) => allocateLandedCost(current, basis!, new Date()));
  }

  async setManual(orgId: string, id: string, body: SetManualAllocations): Promise<LandedCost> {
    const cost = await this.get(orgId, id);
    const po = await this.order(orgId, cost.purchaseOrderId);
    return this.decide(orgId, id, po, (current) => setManualAllocations(current, body, po, new Date()));
  }

  /**
   * DELETE: the cost's allocations go (inventory takes them back from the lines' layers, by the
   * event of its tombstone's write); the order is read for that event. Answers the cost as it was.
   */
  async remove(orgId: string, id: string): Promise<LandedCost> {
    const cost = await this.get(orgId, id);
    const po = await this.order(orgId, cost.purchaseOrderId);
    await this.decide(orgId, id, po, (current) => deleteLandedCost(current, new Date()));
    return cost;
  }

  async summary(orgId: string, poId: string) {
    const po = await this.order(orgId, poId);
    const [costs, invoices, onHand] = await Promise.all([
      this.costs.ofPurchaseOrder(orgId, po.id),
      this.invoices.ofPurchaseOrder(orgId, po.id),
      this.peers.stock.linesOnHand(orgId, po),
    ]);
    return landedCostSummary(po, costs, invoices, onHand);
  }

  /** Runs the decision on a live cost, with the event of what it moved on `po`'s lines in the same write. */
  private async decide(
    orgId: string,
    id: string,
    po: InternalPurchaseOrder | null,
    decide: (cost: LandedCost) => Decision<LandedCost, LandedCost>,
  ) {
    return (await this.store.change(orgId, id, applying(po, decide))).state;
  }

  /** The organization's purchase order, else 404 (an unknown id or another organization's). */
  private async order(orgId: string, poId: string): Promise<InternalPurchaseOrder> {
    const po = await this.peers.orders.order(orgId, poId);
    if (!po) throw notFound('Purchase order');
    return po;
  }

  private async basis(orgId: string, poId: string, method: LandedCost['allocationMethod']): Promise<AllocationBasis> {
    const po = await this.order(orgId, poId);
    return { po, weights: await this.weights(orgId, po, method) };
  }

  /** The variants' weights, read only for BY_WEIGHT (a variant the catalog no longer has weighs nothing). */
  private async weights(orgId: string, po: InternalPurchaseOrder, method: LandedCost['allocationMethod']) {
    if (method !== 'BY_WEIGHT' || po.lines.length === 0) return new Map<string, number | null>();
    const variants = await this.peers.catalog.variants(
      orgId,
      po.lines.map((l) => l.variantId),
    );
    return new Map(variants.map((v) => [v.id, v.weight]));
  }

  /** A landed cost's invoice: a live invoice of the same purchase order, else 422. */
  private async checkInvoice(orgId: string, poId: string, invoiceId: string): Promise<void> {
    const inv = await this.invoices.find(orgId, invoiceId);
    if (!inv || inv.deletedAt || inv.purchaseOrderId !== poId) throw invoiceNotOnOrder(invoiceId);
  }
}
