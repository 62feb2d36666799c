import type { InternalVariant, ReresolveLines as ReresolveBody, ReresolveLinesResult } from '@stockyard/contracts';
import { derived } from '../domain/derived';
import type { Order } from '../domain/order';
import { UNLINKED_TERM } from '../domain/order-search';
import type { CatalogReads } from '../peers/catalog-reads';
import type { OrderReads, OrderStore } from '../store/order.repository';

type Result = ReresolveLinesResult['results'][number];
const skuKey = (sku: string) => sku.trim().toUpperCase();
const HELD = new Set(['PENDING', 'PROCESSING', 'ON_HOLD']);
const SHIPPED = new Set(['PARTIALLY_SHIPPED', 'SHIPPED', 'DELIVERED']);

const holdsFor = (order: Order): Result['holds'] =>
  order.deletedAt ? 'not_held' : HELD.has(order.status) ? 'held' : SHIPPED.has(order.status) ? 'shipped' : 'not_held';

/** The order with its unlinked lines linked to the variants their SKUs name now. */
function linked(order: Order, bySku: Map<string, InternalVariant>): Order {
  const lines = order.lines.map((l) => {
    const v = !l.variantId && l.sku ? bySku.get(skuKey(l.sku)) : undefined;
    return v ? { ...l, variantId: v.id, productType: v.productType, name: l.name ?? v.name } : l;
  });
  return derived({ ...order, lines });
}

/**
 * POST /orders/reresolve-lines: lines never linked (a SKU the catalog did not know) matched again by
 * SKU; a dry run unless `dryRun: false`. Linking is a change of the order's lines, so its holds follow
 * through the order's own outbox (holds only while the order can still be fulfilled: a shipped order's
 * lines are linked and reported, no hold). Nothing is deducted: stock never moves here.
 */
export class ReresolveLines {
  constructor(
    private readonly store: OrderStore,
    private readonly orders: OrderReads,
    private readonly catalog: CatalogReads,
  ) {}

  async run(orgId: string, body: ReresolveBody): Promise<ReresolveLinesResult> {
    const ids = body.orderIds ?? (await this.orders.holding(orgId, UNLINKED_TERM)).slice(0, body.limit);
    const orders = await this.orders.byIds(orgId, [...new Set(ids)]);
    const lines = orders.flatMap((o) => o.lines.filter((l) => !l.variantId && l.sku).map((l) => ({ o, l })));
    const skus = [...new Set(lines.map(({ l }) => skuKey(l.sku!)))];
    const variants = skus.length ? await this.catalog.variants(orgId, { ids: [], skus }) : [];
    const bySku = new Map(variants.flatMap((v) => (v.sku ? [[skuKey(v.sku), v] as const] : [])));
    const results: Result[] = lines.map(({ o, l }) => {
      const v = bySku.get(skuKey(l.sku!));
      const outcome = !v ? 'unmatched' : body.dryRun ? 'would_link' : 'linked';
      return { orderId: o.id, lineId: l.id, sku: l.sku!, variantId: v?.id ?? null, outcome, holds: holdsFor(o) };
    });
    if (!body.dryRun) {
      const touched = [...new Set(results.filter((r) => r.outcome === 'linked').map((r) => r.orderId))];
      for (const id of touched) {
        await this.store.change(orgId, id, (o) => {
          const next = linked(o, bySku);
          return next.lines.some((l, i) => l !== o.lines[i]) ? { state: next } : {};
        });
      }
    }
    const count = (outcome: Result['outcome']) => results.filter((r) => r.outcome === outcome).length;
    return {
      dryRun: body.dryRun,
      orders: orders.length,
      lines: results.length,
      linked: count('linked') + count('would_link'),
      unmatched: count('unmatched'),
      results,
    };
  }
}
