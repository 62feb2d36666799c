import { addQuantities } from '@stockyard/contracts';
import { MAX_PO_LINES, type UpdateLine } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import { allowed } from './order-lifecycle';
import { pendingOf, type OrderLine, type PurchaseOrder } from './purchase-order';
import { lineHasReceipts, lineNotFound, quantityBelowReceived, tooManyLines } from './purchase-order.errors';

type Change = Decision<PurchaseOrder, PurchaseOrder>;

export function findLine(po: PurchaseOrder, lineId: string): OrderLine {
  const line = po.lines.find((l) => l.id === lineId);
  if (!line) throw lineNotFound(lineId);
  return line;
}

/** Adds priced lines (DRAFT and SUBMITTED). */
export function addLines(po: PurchaseOrder, lines: OrderLine[]): Change {
  // The request's run after a crash (its line ids are its Idempotency-Key's): added already.
  if (lines.length > 0 && po.lines.some((l) => l.id === lines[0]!.id)) return { result: po };
  allowed(po, 'edit_lines');
  if (po.lines.length + lines.length > MAX_PO_LINES) throw tooManyLines(MAX_PO_LINES);
  const next = { ...po, lines: [...po.lines, ...lines] };
  return { state: next, result: next };
}

/** Changes a line's quantity or cost; the quantity never below what was received or is being received. */
export function updateLine(po: PurchaseOrder, lineId: string, update: UpdateLine): Change {
  allowed(po, 'edit_lines');
  const line = findLine(po, lineId);
  if (update.quantity !== undefined) {
    const least = addQuantities(line.receivedQuantity, pendingOf(po, lineId));
    if (update.quantity < least) throw quantityBelowReceived(least);
  }
  const changed = { ...line, ...update };
  const next = { ...po, lines: po.lines.map((l) => (l.id === lineId ? changed : l)) };
  return { state: next, result: next };
}

/** Removes a line that nothing was received against. */
export function deleteLine(po: PurchaseOrder, lineId: string): Change {
  allowed(po, 'edit_lines');
  findLine(po, lineId);
  if (po.receipts.some((r) => r.lineId === lineId && r.status !== 'rejected')) throw lineHasReceipts();
  const next = { ...po, lines: po.lines.filter((l) => l.id !== lineId) };
  return { state: next, result: next };
}
