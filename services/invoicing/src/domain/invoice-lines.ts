import { MAX_INVOICE_LINES, type InvoiceLineInput, type UpdateInvoiceLine } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import { withTotals, type Invoice, type InvoiceLine } from './invoice';
import { lineNotFound, tooManyLines } from './invoice.errors';
import { allowed } from './invoice-workflow';
import { autoMatch, basisOf, matchedLine, rematch, unmatchedLine, type MatchContext } from './line-matching';

type Change<R = Invoice> = Decision<Invoice, R>;

/** A new line from its input, matched when it names a line of the invoice's purchase order. */
export function lineFrom(id: string, input: InvoiceLineInput, context: MatchContext | null): InvoiceLine {
  const line = unmatchedLine({
    id,
    vendorSku: input.vendorSku ?? null,
    description: input.description ?? null,
    quantity: input.quantity,
    unitCost: input.unitCost,
  } as InvoiceLine);
  const poLineId = input.purchaseOrderLineId;
  return poLineId ? matchedLine(line, basisOf(context, poLineId), context!.tolerance) : line;
}

function findLine(inv: Invoice, lineId: string): InvoiceLine {
  const line = inv.lines.find((l) => l.id === lineId);
  if (!line) throw lineNotFound(lineId);
  return line;
}

/** The invoice with these lines, every matched one's variances computed again, and its totals. */
const withLines = (inv: Invoice, lines: InvoiceLine[], context: MatchContext | null): Invoice =>
  withTotals({ ...inv, lines: rematch(lines, context) });

const changed = (next: Invoice): Change => ({ state: next, result: next });

/** POST …/lines (DRAFT only). */
export function addInvoiceLine(inv: Invoice, line: InvoiceLine, context: MatchContext | null): Change {
  if (inv.lines.some((l) => l.id === line.id)) return { result: inv }; // the request's run after a crash
  allowed(inv, 'edit_lines');
  if (inv.lines.length >= MAX_INVOICE_LINES) throw tooManyLines(MAX_INVOICE_LINES);
  return changed(withLines(inv, [...inv.lines, line], context));
}

/** PUT …/lines/{lineId} (DRAFT only): the fields given change; `purchaseOrderLineId: null` unmatches. */
export function updateInvoiceLine(
  inv: Invoice,
  lineId: string,
  update: UpdateInvoiceLine,
  context: MatchContext | null,
): Change {
  allowed(inv, 'edit_lines');
  const line = findLine(inv, lineId);
  const { purchaseOrderLineId, ...fields } = update;
  const edited = { ...line, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) };
  const next =
    purchaseOrderLineId === null
      ? unmatchedLine(edited)
      : purchaseOrderLineId
        ? matchedLine(edited, basisOf(context, purchaseOrderLineId), context!.tolerance)
        : edited;
  return changed(
    withLines(
      inv,
      inv.lines.map((l) => (l.id === lineId ? next : l)),
      context,
    ),
  );
}

/** DELETE …/lines/{lineId} (DRAFT only). */
export function deleteInvoiceLine(inv: Invoice, lineId: string, context: MatchContext | null): Change {
  allowed(inv, 'edit_lines');
  findLine(inv, lineId);
  return changed(
    withLines(
      inv,
      inv.lines.filter((l) => l.id !== lineId),
      context,
    ),
  );
}

/** POST …/lines/{lineId}/match: the line to a line of the invoice's purchase order (until approved or paid). */
export function matchInvoiceLine(inv: Invoice, lineId: string, poLineId: string, context: MatchContext | null): Change {
  allowed(inv, 'match');
  const line = matchedLine(findLine(inv, lineId), basisOf(context, poLineId), context!.tolerance);
  return changed(
    withLines(
      inv,
      inv.lines.map((l) => (l.id === lineId ? line : l)),
      context,
    ),
  );
}

/** POST …/auto-match: unmatched lines by vendor SKU; answers how many it matched. */
export function autoMatchInvoice(
  inv: Invoice,
  context: MatchContext | null,
): Change<{ matched: number; invoice: Invoice }> {
  allowed(inv, 'match');
  if (!context) return { result: { matched: 0, invoice: inv } };
  const { lines, matched } = autoMatch(rematch(inv.lines, context), context);
  const next = withTotals({ ...inv, lines });
  return { state: next, result: { matched, invoice: next } };
}
