import type {
  BulkStatusResult,
  BulkUpdateOrderStatus,
  OrderStatus,
  TrashByStatusQuery,
  UpdateOrderStatus,
} from '@stockyard/contracts';
import { MAX_TRASH_BATCH } from '@stockyard/contracts';
import { notFound } from '@stockyard/service-kit';
import { type Decide } from '@stockyard/service-kit/store';
import { setStatus } from '../domain/change-status';
import type { Order } from '../domain/order';
import { replaceNotes, replaceShippingAddress, restoreOrder, trashOrder } from '../domain/order-edits';
import type { OrderReads, OrderStore } from '../store/order.repository';

/** The order's own use cases: read, status (one, many), notes, address, trash and restore. */
export class OrderCommands {
  constructor(
    private readonly store: OrderStore,
    private readonly reads: OrderReads,
  ) {}

  async get(orgId: string, id: string): Promise<Order> {
    const order = await this.reads.find(orgId, id);
    if (!order) throw notFound('Order');
    return order;
  }

  private async decide(orgId: string, id: string, decide: Decide<Order, unknown>): Promise<Order> {
    return (await this.store.change(orgId, id, decide)).state;
  }

  setStatus = (orgId: string, id: string, body: UpdateOrderStatus) =>
    this.decide(orgId, id, (o) => setStatus(o, body.status, 'api', body.note ?? null, new Date()));
  replaceNotes = (orgId: string, id: string, notes: string) => this.decide(orgId, id, (o) => replaceNotes(o, notes));
  replaceShippingAddress = (orgId: string, id: string, address: Record<string, unknown>) =>
    this.decide(orgId, id, (o) => replaceShippingAddress(o, address));
  restore = (orgId: string, id: string) => this.decide(orgId, id, (o) => restoreOrder(o));

  /** PUT /orders/bulk/status: one batched change, an outcome per order; never all-or-nothing. */
  async bulkStatus(orgId: string, body: BulkUpdateOrderStatus): Promise<BulkStatusResult> {
    const now = new Date();
    const outcomes = await this.store.changeMany(orgId, body.orderIds, (o) =>
      setStatus(o, body.status, 'bulk', body.note ?? null, now),
    );
    const results = body.orderIds.map((orderId) => {
      const outcome = outcomes.get(orderId)!;
      if (!outcome.ok) {
        const { code, message } = outcome.error;
        return { orderId, outcome: 'skipped' as const, status: null, reason: { code, message } };
      }
      const status: OrderStatus = outcome.state.status;
      return {
        orderId,
        outcome: outcome.changed ? ('changed' as const) : ('unchanged' as const),
        status,
        reason: null,
      };
    });
    const count = (o: string) => results.filter((r) => r.outcome === o).length;
    return { results, changed: count('changed'), unchanged: count('unchanged'), skipped: count('skipped') };
  }

  /**
   * DELETE /orders/by-status: the live orders of a channel and status, newest first, at most
   * MAX_TRASH_BATCH a call (`remaining` says how many more); a dry run only names them.
   */
  async trashByStatus(orgId: string, query: TrashByStatusQuery) {
    const { ids, total } = await this.reads.matching(orgId, query, MAX_TRASH_BATCH);
    if (query.dryRun) return { dryRun: true, matched: total, trashed: 0, orderIds: ids, remaining: total };
    const now = new Date();
    // An order that moved to another status since it was read is left alone.
    const outcomes = await this.store.changeMany(orgId, ids, (o) =>
      (query.status && o.status !== query.status) || o.deletedAt
        ? { result: false }
        : { ...trashOrder(o, now), result: true },
    );
    const trashed = ids.filter((id) => {
      const outcome = outcomes.get(id);
      return outcome?.ok && outcome.changed && outcome.result;
    });
    return {
      dryRun: false,
      matched: total,
      trashed: trashed.length,
      orderIds: trashed,
      remaining: total - trashed.length,
    };
  }
}
