import type { IncomingLine } from './incoming-order';
import { unshippedOf, type OrderLine } from './order';

/** A line's key for matching: the channel's line id, else its place among the lines without one. */
function keysOf(lines: readonly { channelLineId: string | null }[]): string[] {
  let unnamed = 0;
  return lines.map((l) => (l.channelLineId !== null ? `id:${l.channelLineId}` : `pos:${unnamed++}`));
}

/** The same link when the channel sends the line again without one (a link made here is kept for its SKU). */
function linkOf(current: OrderLine, incoming: IncomingLine): Pick<OrderLine, 'variantId' | 'productType'> {
  if (incoming.variantId !== null) return { variantId: incoming.variantId, productType: incoming.productType };
  const sameSku = (incoming.sku ?? '').toUpperCase() === (current.sku ?? '').toUpperCase();
  return sameSku ? { variantId: current.variantId, productType: current.productType } : incoming;
}

/**
 * The order's lines after its channel sent these. Lines are matched by the channel's line id (by
 * position among the lines without one): a matched line keeps its id and what shipped, and takes
 * the channel's quantity (never below what shipped), price, SKU, name and link; new lines are
 * added; a line the channel dropped goes unless some of it shipped. Unchanged lines stay the same
 * objects, so an unchanged order writes nothing.
 */
export function mergeLines(current: OrderLine[], incoming: IncomingLine[], lineId: () => string): OrderLine[] {
  const byKey = new Map(keysOf(current).map((key, i) => [key, current[i]!]));
  const merged: OrderLine[] = [];
  const kept = new Set<string>();
  keysOf(incoming).forEach((key, i) => {
    const line = incoming[i]!;
    const existing = byKey.get(key);
    if (!existing) {
      merged.push({ ...line, id: lineId(), shippedQuantity: 0 });
      return;
    }
    kept.add(existing.id);
    const next: OrderLine = {
      ...existing,
      ...line,
      ...linkOf(existing, line),
      quantity: Math.max(line.quantity, existing.shippedQuantity),
    };
    const same = (Object.keys(next) as (keyof OrderLine)[]).every((k) => next[k] === existing[k]);
    merged.push(same ? existing : next);
  });
  for (const line of current) {
    if (!kept.has(line.id) && line.shippedQuantity > 0) merged.push({ ...line, quantity: line.shippedQuantity });
  }
  const unchanged = merged.length === current.length && merged.every((l, i) => l === current[i]);
  return unchanged ? current : merged;
}

/** Whether some line still has something to ship. */
export const hasUnshipped = (lines: readonly OrderLine[]) => lines.some((l) => unshippedOf(l) > 0);
