import {
  MAX_REQUIREMENT_LEVELS,
  type BulkFromRequirements,
  type BulkFromRequirementsResult,
  type ReorderLevel,
  type RequirementRequest,
  type RequirementOrder,
} from '@stockyard/contracts';
import { newId } from '@stockyard/service-kit';
import { keyedPart } from '@stockyard/service-kit/ids';
import type { GeneratedNumbers } from '@stockyard/service-kit/store';
import { appendRequirements, canAppend, lineOf, type Appended } from '../domain/append-requirements';
import { newPurchaseOrder } from '../domain/create-purchase-order';
import { draftFor, draftTerm, onOrderByPair, onOrderTerm } from '../domain/on-order';
import type { PurchaseOrder } from '../domain/purchase-order';
import { unknownWarehouse } from '../domain/purchase-order.errors';
import {
  belowReorderPoint,
  planRequests,
  planRequirements,
  type RequirementPlan,
  type SupplierNeeds,
} from '../domain/requirements';
import type { InventoryPeer } from '../peers/inventory-stock';
import type { RequirementReads } from '../peers/requirement-reads';
import type { PurchaseOrderReads, PurchaseOrderStore } from '../store/purchase-order.repository';

/** Inventory may answer short pages before the end: a call reads at most this many. */
const MAX_LEVEL_PAGES = 5;

const unique = (items: string[]) => [...new Set(items)];

/**
 * POST /purchase-orders/bulk-from-requirements: one page of reorder levels (at most
 * MAX_REQUIREMENT_LEVELS), the ones below their reorder point planned against what is on order
 * (domain/requirements.ts), or the quantities the body gives (reorder suggestions), and one DRAFT
 * per (supplier, warehouse), appended to when one exists.
 */
export class RequirementCommands {
  constructor(
    private readonly store: PurchaseOrderStore,
    private readonly orders: PurchaseOrderReads,
    private readonly numbers: GeneratedNumbers,
    private readonly reads: RequirementReads,
    private readonly inventory: InventoryPeer,
  ) {}

  async run(orgId: string, body: BulkFromRequirements): Promise<BulkFromRequirementsResult> {
    const dryRun = body?.dryRun ?? false;
    if (body?.lines) return this.order(orgId, body.lines, dryRun);
    const warehouseId = body?.warehouseId;
    if (warehouseId && !(await this.inventory.liveWarehouse(orgId, warehouseId))) throw unknownWarehouse(warehouseId);
    const { levels, next } = await this.levels(orgId, warehouseId, body?.after);
    const answer = { dryRun, examined: levels.length, next };
    const below = levels.filter(belowReorderPoint);
    if (below.length === 0) return { ...answer, created: [], updated: [], skipped: [] };
    const variantIds = unique(below.map((l) => l.variantId));
    const [open, offers, variants] = await Promise.all([
      this.orders.holdingAny(
        orgId,
        below.map((l) => onOrderTerm(l.variantId, l.warehouseId)),
      ),
      this.reads.offers(orgId, variantIds),
      this.reads.variants(orgId, variantIds),
    ]);
    return {
      ...answer,
      ...(await this.placeAll(orgId, planRequirements(below, onOrderByPair(open), offers, variants), dryRun)),
    };
  }

  /** The quantities given (reorder suggestions), each into its warehouse, all live (else 422 unknown_warehouse). */
  private async order(orgId: string, lines: RequirementRequest[], dryRun: boolean) {
    const warehouseIds = unique(lines.map((l) => l.warehouseId));
    const live = await Promise.all(warehouseIds.map((id) => this.inventory.liveWarehouse(orgId, id)));
    const unknown = warehouseIds.find((_, i) => !live[i]);
    if (unknown) throw unknownWarehouse(unknown);
    const variantIds = unique(lines.map((l) => l.variantId));
    const [offers, variants] = await Promise.all([
      this.reads.offers(orgId, variantIds),
      this.reads.variants(orgId, variantIds),
    ]);
    const placed = await this.placeAll(orgId, planRequests(lines, offers, variants), dryRun);
    return { dryRun, examined: lines.length, next: null, ...placed };
  }

  /** Each group of the plan in its supplier's DRAFT into the warehouse (appended to, else a new one). */
  private async placeAll(orgId: string, plan: RequirementPlan, dryRun: boolean) {
    const drafts = await this.orders.holdingAny(
      orgId,
      plan.groups.map((g) => draftTerm(g.channelId, g.warehouseId)),
    );
    // Each group draws its ids apart (they run at once): a run of the request again draws the same.
    const placed = await Promise.all(
      plan.groups.map((g) =>
        keyedPart(`${g.channelId}/${g.warehouseId}`, () =>
          this.place(orgId, g, draftFor(drafts, g.channelId, g.warehouseId), dryRun),
        ),
      ),
    );
    return {
      created: placed.filter((p) => p.kind === 'created').map((p) => p.order),
      updated: placed.filter((p) => p.kind === 'updated').map((p) => p.order),
      skipped: plan.skipped,
    };
  }

  /** Up to MAX_REQUIREMENT_LEVELS levels from `after` on, and where the next call goes on (null: done). */
  private async levels(orgId: string, warehouseId: string | undefined, after: string | undefined) {
    const levels: ReorderLevel[] = [];
    let next: string | null = after ?? null;
    for (let pages = 0; pages < MAX_LEVEL_PAGES && levels.length < MAX_REQUIREMENT_LEVELS; pages++) {
      const limit = MAX_REQUIREMENT_LEVELS - levels.length;
      const page = await this.reads.reorderLevels(orgId, { warehouseId, after: next ?? undefined, limit });
      levels.push(...page.data);
      next = page.next;
      if (next === null) break;
    }
    return { levels, next };
  }

  /** The group's needs appended to the supplier's DRAFT, else in a new DRAFT. */
  private async place(orgId: string, group: SupplierNeeds, draft: PurchaseOrder | undefined, dryRun: boolean) {
    if (draft && canAppend(draft, group.needs)) {
      if (dryRun) {
        const appended = group.needs.map((need) => ({
          need,
          lineId: draft.lines.find((l) => l.variantId === need.variantId)?.id ?? null,
        }));
        return { kind: 'updated' as const, order: orderOf(group, draft, appended) };
      }
      const { state, result } = await this.store.change(orgId, draft.id, (po) =>
        appendRequirements(po, group.needs, () => newId('pol')),
      );
      if (result) return { kind: 'updated' as const, order: orderOf(group, state, result) };
    }
    if (dryRun)
      return {
        kind: 'created' as const,
        order: orderOf(
          group,
          null,
          group.needs.map((need) => ({ need, lineId: null })),
        ),
      };
    const created = await this.create(orgId, group);
    const appended = created.lines.map((line, i) => ({ lineId: line.id, need: group.needs[i]! }));
    return { kind: 'created' as const, order: orderOf(group, created, appended) };
  }

  private async create(orgId: string, group: SupplierNeeds): Promise<PurchaseOrder> {
    const id = newId('po');
    const lines = group.needs.map((need) => lineOf(need, newId('pol')));
    // A generated number someone supplied by hand: the next one.
    return this.numbers.firstFree(orgId, 'order_number_taken', (orderNumber) => {
      const { state, events } = newPurchaseOrder({
        orgId,
        id,
        orderNumber,
        channelId: group.channelId,
        supplierName: group.supplierName,
        type: 'STANDARD',
        warehouseId: group.warehouseId,
        currency: group.currency,
        expectedAt: null,
        notes: null,
        lines,
      });
      return this.store.create(state, events);
    });
  }
}

function orderOf(
  group: SupplierNeeds,
  po: PurchaseOrder | null,
  appended: (Omit<Appended, 'lineId'> & { lineId: string | null })[],
): RequirementOrder {
  return {
    purchaseOrderId: po?.id ?? null,
    orderNumber: po?.orderNumber ?? null,
    channelId: group.channelId,
    warehouseId: group.warehouseId,
    lines: appended.map(({ lineId, need }) => ({
      lineId,
      variantId: need.variantId,
      supplierSku: need.supplierSku,
      quantity: need.quantity,
      unitCost: need.unitCost,
    })),
  };
}
